import { shortOrderId } from '@gi/contracts/web';
import { Link } from '@gi/platform';
import { sectionSearch } from '../../shared/admin-nav.ts';
import table from '../../shared/table.module.css';

/** An order list's first cell: its short id, leading to the order's detail. */
export function OrderLinkCell({ id }: { id: string }) {
  return (
    <td>
      <Link
        to={{ search: sectionSearch('order-detail', id) }}
        aria-label={`Detail pesanan ${shortOrderId(id)}`}
      >
        <code>{shortOrderId(id)}...</code>
      </Link>
    </td>
  );
}

/** Who ordered: the name the customer gave, their email under it. */
export function CustomerCell({ order }: { order: { customer_name: string; customer_email: string } }) {
  return (
    <td>
      {order.customer_name}
      <div className={table.muted}>{order.customer_email}</div>
    </td>
  );
}
