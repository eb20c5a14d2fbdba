import type { OrderItem } from '@gi/contracts';
import { formatSize } from '@gi/contracts/web';

/** 'Oud Royale 50 ml × 2': which size was bought (lines from before sizes name none). */
export const orderItemLine = (item: OrderItem): string =>
  `${item.product_name}${item.variant_id || item.size_ml ? ` ${formatSize(item.size_ml)}` : ''} × ${item.quantity}`;
