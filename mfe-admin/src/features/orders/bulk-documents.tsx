import { type DocumentParts, wibDay } from '@gi/contracts';
import { api, apiPath } from '@gi/contracts/api';
import { useQuery } from '@gi/platform';
import { buttonClass, Field } from '@gi/ui';
import { useState } from 'react';
import section from '../../shared/section.module.css';

/**
 * Printing in bulk (decision 057): the packing slips and shipping labels of the orders paid on a
 * WIB day (in parts of 100 when the day has more: 'Bagian 2'), or of the orders ticked in the list
 * (the selection 'Buat Pengiriman' uses), one page per order.
 */
export function BulkDocuments({ selected }: { selected: string[] }) {
  const [date, setDate] = useState(() => wibDay());
  const day = useQuery({
    queryKey: ['admin', 'documents', 'paid-orders', date],
    queryFn: () => api('GET /admin/documents/paid-orders', { query: { date } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const chosen = { ids: selected.join(',') };
  return (
    <section className={section.card} aria-labelledby="bulk-documents-title">
      <h3 id="bulk-documents-title" className={section.subheading}>
        Cetak Sekaligus
      </h3>
      <Field
        label="Pesanan yang dibayar pada tanggal (WIB)"
        name="documentsDate"
        type="date"
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
      />
      {day.data && <DayParts date={date} parts={day.data} />}
      {day.isError && <p className={section.note}>Gagal memuat jumlah pesanan hari itu.</p>}
      {selected.length > 0 && (
        <DocumentLinks
          query={chosen}
          names={{
            a4: `Slip ${selected.length} Pesanan Terpilih (A4)`,
            label: `Slip ${selected.length} Pesanan Terpilih (Label)`,
            shipping: `Label ${selected.length} Pesanan Terpilih`,
          }}
        />
      )}
    </section>
  );
}

/** The parts a list of `count` is printed in, `perPart` each: 'Bagian 2' holds `from`–`to` (from 1). */
export const partsOf = (count: number, perPart: number) =>
  Array.from({ length: Math.ceil(count / perPart) }, (_, i) => ({
    part: i + 1,
    from: i * perPart + 1,
    to: Math.min(count, (i + 1) * perPart),
  }));

/** The day's links: one row when the day fits one print, else a row per part of `perPart`. */
function DayParts({ date, parts: { count, perPart } }: { date: string; parts: DocumentParts }) {
  if (count === 0) return <p className={section.note}>Tidak ada pesanan yang dibayar pada tanggal itu.</p>;
  if (count <= perPart)
    return (
      <DocumentLinks
        query={{ date }}
        names={{
          a4: 'Slip Hari Itu (A4)',
          label: 'Slip Hari Itu (Label)',
          shipping: 'Label Pengiriman Hari Itu',
        }}
      />
    );
  return (
    <>
      <p className={section.note}>
        {count} pesanan hari itu: dicetak per bagian, paling banyak {perPart} pesanan sebagian.
      </p>
      {partsOf(count, perPart).map(({ part, from, to }) => {
        const name = `Bagian ${part} (pesanan ${from}–${to})`;
        return (
          <DocumentLinks
            key={part}
            query={{ date, part: String(part) }}
            names={{ a4: `Slip ${name} (A4)`, label: `Slip ${name} (Label)`, shipping: `Label ${name}` }}
          />
        );
      })}
    </>
  );
}

/** The three PDFs of one set of orders: slips on A4 and on labels, and the shipping labels. */
function DocumentLinks({
  query,
  names,
}: {
  query: { date: string; part?: string } | { ids: string };
  names: { a4: string; label: string; shipping: string };
}) {
  const pdf = { target: '_blank', rel: 'noopener', className: buttonClass.secondary };
  return (
    <div className={section.buttons}>
      <a
        {...pdf}
        href={apiPath('GET /admin/documents/packing-slips.pdf', { query: { ...query, format: 'a4' } })}
      >
        {names.a4}
      </a>
      <a
        {...pdf}
        href={apiPath('GET /admin/documents/packing-slips.pdf', { query: { ...query, format: 'label' } })}
      >
        {names.label}
      </a>
      <a {...pdf} href={apiPath('GET /admin/documents/shipping-labels.pdf', { query })}>
        {names.shipping}
      </a>
    </div>
  );
}
