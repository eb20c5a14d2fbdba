import { canTransition, type OrderStatusUpdateInput } from '@gi/contracts';
import type { Db } from '../db/client.ts';
import type { GatewayEnv } from '../payments/gateway.ts';
import { cancelOrder } from './cancel.ts';
import { confirmDelivery, shipOrder } from './delivery.ts';
import { confirmPayment } from './payment-steps.ts';
import { type Actor, type MailEnv, type OrderState, refuse } from './transition.ts';

// The lifecycle's front door (decision 015): every transition the shop allows, and who makes it.
// - The customer: places (checkout/place-order.ts), cancels while unpaid (customerCancel, cancel.ts),
//   uploads a receipt (submitReceipt, through payments/receipts.ts), confirms arrival
//   (confirmReceived, delivery.ts).
// - The admin: the dropdown (changeStatus, below), confirms or rejects a receipt (payment-steps.ts),
//   marks a refund paid back (markRefunded, cancel.ts), books a courier (shipping/shipments.ts).
// - The system: a gateway's payment (payments/apply.ts → confirmPayment), the expiry
//   (payments/expiry.ts → cancelOrder), a courier's steps (shipping/shipments.ts → shipOrder,
//   confirmDelivery, cancelReturnedCod), the Cron delivering long-shipped orders (auto-deliver.ts).
// Each step checks its own move and writes it through transition.ts; the triggers have the last word.

/** The admin's dropdown: each target status goes through its own step of the lifecycle. */
export async function changeStatus(
  db: Db,
  env: MailEnv & GatewayEnv,
  state: OrderState,
  who: Actor,
  input: OrderStatusUpdateInput,
): Promise<void> {
  const { order } = state;
  if (!canTransition(order.status, input.status)) throw refuse(order.status, input.status);
  switch (input.status) {
    case 'processing':
      return confirmPayment(db, env, state, who);
    case 'cancelled':
      return cancelOrder(db, env, state, who, { reason: input.reason ?? null });
    case 'shipped':
      return shipOrder(db, env, state, who, {
        courier: input.courier.trim(),
        trackingNumber: input.trackingNumber.trim(),
      });
    case 'delivered':
      return confirmDelivery(db, env, state, who);
    default:
      throw refuse(order.status, input.status);
  }
}
