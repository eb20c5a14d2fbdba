import { formatDateTime, formatSize, type Order, shortOrderId } from '@gi/contracts';

// What every printed document says the same way (decision 057).

/** The recipient's full address: the street as typed, then the area checkout chose. */
export function fullAddress(order: Order): string {
  const area = [order.district_name, order.regency_name, order.province_name].filter(Boolean).join(', ');
  return [order.customer_address, [area, order.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join('\n');
}

/** 'Pesanan #3f2a9c1e', as the shop names orders everywhere (product.md §8). */
export const orderLabel = (order: Order) => `Pesanan #${shortOrderId(order.id)}`;

/** A line's size, '100 ml'; '–' on lines from before sizes. */
export const sizeOf = (item: Order['order_items'][number]) =>
  item.variant_id || item.size_ml ? formatSize(item.size_ml) : '-';

/** A date and time as the documents print them: id-ID, in WIB. */
export const wibDateTime = (iso: string) => `${formatDateTime(iso)} WIB`;
