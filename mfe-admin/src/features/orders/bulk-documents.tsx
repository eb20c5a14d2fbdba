import { type Order, wibDay } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import { buttonClass, Field } from '@gi/ui';
import { useState } from 'react';
import section from '../../shared/section.module.css';

/**
 * Printing in bulk (decision 057): the packing slips and shipping labels of the orders paid on a
 * WIB day, or of the orders on this page that are being processed, one page per order.
 */
export function BulkDocuments({ orders }: { orders: Order[] }) {
  const [date, setDate] = useState(() => wibDay());
  const processing = orders.filter((order) => order.status === 'processing').map((order) => order.id);
  const pdf = { target: '_blank', rel: 'noopener', className: buttonClass.secondary };
  const byDay = { date };
  const chosen = { ids: processing.join(',') };
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
      <div className={section.buttons}>
        <a
          {...pdf}
          href={apiPath('GET /admin/documents/packing-slips.pdf', { query: { ...byDay, format: 'a4' } })}
        >
          Slip Hari Itu (A4)
        </a>
        <a
          {...pdf}
          href={apiPath('GET /admin/documents/packing-slips.pdf', { query: { ...byDay, format: 'label' } })}
        >
          Slip Hari Itu (Label)
        </a>
        <a {...pdf} href={apiPath('GET /admin/documents/shipping-labels.pdf', { query: byDay })}>
          Label Pengiriman Hari Itu
        </a>
      </div>
      {processing.length > 0 && (
        <div className={section.buttons}>
          <a
            {...pdf}
            href={apiPath('GET /admin/documents/packing-slips.pdf', { query: { ...chosen, format: 'a4' } })}
          >
            Slip {processing.length} Pesanan Diproses di Halaman Ini
          </a>
          <a {...pdf} href={apiPath('GET /admin/documents/shipping-labels.pdf', { query: chosen })}>
            Label {processing.length} Pesanan Diproses di Halaman Ini
          </a>
        </div>
      )}
    </section>
  );
}
