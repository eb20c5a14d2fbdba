import { wibDay } from '@gi/contracts';
import { api, apiPath } from '@gi/contracts/api';
import { useQuery } from '@gi/platform';
import { buttonClass, Field } from '@gi/ui';
import { useState } from 'react';
import section from '../../shared/section.module.css';
import { partsOf } from './bulk-documents.tsx';

/**
 * The month's invoices for the accountant (decision 057): one PDF in invoice-number order, or
 * parts of a few hundred when the month holds more than one request draws ('Bagian 2').
 */
export function MonthInvoices() {
  const [month, setMonth] = useState(() => wibDay().slice(0, 7));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const invoices = useQuery({
    queryKey: ['admin', 'documents', 'invoices', month],
    queryFn: () => api('GET /admin/documents/invoices', { query: { month } }),
    enabled: valid,
  });
  const pdf = { target: '_blank', rel: 'noopener', className: buttonClass.secondary };
  const summary = invoices.data;
  const parts = summary ? partsOf(summary.count, summary.perPart) : [];
  return (
    <section className={section.card} aria-labelledby="month-invoices-title">
      <h3 id="month-invoices-title" className={section.subheading}>
        Faktur Bulanan
      </h3>
      <Field
        label="Bulan (WIB)"
        name="invoicesMonth"
        type="month"
        value={month}
        onChange={(event) => setMonth(event.currentTarget.value)}
      />
      {invoices.isError && <p className={section.note}>Gagal memuat faktur bulan itu.</p>}
      {summary?.count === 0 && <p className={section.note}>Belum ada faktur pada bulan itu.</p>}
      {summary && summary.count > 0 && (
        <>
          <p className={section.note}>
            {summary.count} faktur, {summary.first} s.d. {summary.last}, urut nomor faktur.
          </p>
          <div className={section.buttons}>
            {parts.length === 1 ? (
              <a {...pdf} href={apiPath('GET /admin/documents/invoices.pdf', { query: { month } })}>
                Unduh Faktur Bulan Itu
              </a>
            ) : (
              parts.map(({ part, from, to }) => (
                <a
                  key={part}
                  {...pdf}
                  href={apiPath('GET /admin/documents/invoices.pdf', {
                    query: { month, part: String(part) },
                  })}
                >
                  {`Bagian ${part} (faktur ${from}–${to})`}
                </a>
              ))
            )}
          </div>
        </>
      )}
    </section>
  );
}
