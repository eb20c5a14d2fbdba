import { BULK_SHIPMENT_MAX, type BulkShipmentAnswer, type OrderStatus, shortOrderId } from '@gi/contracts';
import { errorMessage } from '@gi/session';
import { buttonClass, toastError } from '@gi/ui';
import { useState } from 'react';
import section from '../../shared/section.module.css';
import { useBookShipments } from './api.ts';
import styles from './bulk-shipment.module.css';

// Bulk 'Buat Pengiriman' (decision 058): the admin ticks paid orders in the list and books them
// in one press; each order's result (booked with its resi, or why not) stays on screen. The same
// ticks print the orders' slips and labels ('Cetak Sekaligus', decision 057).

/** The ticked orders of the list (paid ones only: the others cannot be booked or packed). */
export function useOrderSelection() {
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) =>
      on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id),
    );
  return { selected, toggle, clear: () => setSelected([]) };
}

type Selection = ReturnType<typeof useOrderSelection>;

/** The row's tick box: only a paid order (Diproses) can be booked and packed. */
export function SelectOrderCell({
  order,
  selection,
}: {
  order: { id: string; status: OrderStatus };
  selection: Selection;
}) {
  if (order.status !== 'processing') return <td />;
  const checked = selection.selected.includes(order.id);
  const full = !checked && selection.selected.length >= BULK_SHIPMENT_MAX;
  return (
    <td>
      <input
        type="checkbox"
        checked={checked}
        disabled={full}
        onChange={(e) => selection.toggle(order.id, e.currentTarget.checked)}
        aria-label={`Pilih pesanan ${shortOrderId(order.id)}`}
      />
    </td>
  );
}

export function BulkShipmentBar({ selection }: { selection: Selection }) {
  const book = useBookShipments();
  const [results, setResults] = useState<BulkShipmentAnswer['results'] | null>(null);
  const count = selection.selected.length;

  function onBook() {
    if (book.isPending || count === 0) return;
    book.mutate(selection.selected, {
      onSuccess: (answer) => {
        setResults(answer.results);
        selection.clear();
      },
      onError: (err) => toastError(errorMessage(err, 'Gagal membuat pengiriman')),
    });
  }

  return (
    <div className={styles.bar}>
      <div className={section.buttons}>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={count === 0 || book.isPending}
          onClick={onBook}
        >
          {book.isPending ? 'Membuat pengiriman...' : `Buat Pengiriman (${count})`}
        </button>
        <span className={section.note}>
          Centang pesanan berstatus Diproses (paling banyak {BULK_SHIPMENT_MAX}) untuk Buat Pengiriman atau
          Cetak Sekaligus.
        </span>
      </div>
      {results && (
        <section aria-labelledby="bulk-shipment-results" className={styles.results}>
          <h3 id="bulk-shipment-results">Hasil Buat Pengiriman</h3>
          <ul>
            {results.map((result) => (
              <li key={result.id} className={result.ok ? styles.ok : styles.failed}>
                <code title={result.id}>{shortOrderId(result.id)}</code> {result.ok ? '✓' : '✗'}{' '}
                {result.message}
                {result.tracking_number ? ` · Resi ${result.tracking_number}` : ''}
              </li>
            ))}
          </ul>
          <button type="button" className={buttonClass.secondary} onClick={() => setResults(null)}>
            Tutup hasil
          </button>
        </section>
      )}
    </div>
  );
}
