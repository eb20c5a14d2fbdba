import type { EmailTemplate } from '../template.ts';
import { backInStock } from './back-in-stock.ts';
import { customerServiceReply } from './customer-service-reply.ts';
import { emailChange } from './email-change.ts';
import { emailChangeUndo } from './email-change-undo.ts';
import { orderCancelled } from './order-cancelled.ts';
import { orderDelivered } from './order-delivered.ts';
import { orderPlaced } from './order-placed.ts';
import { orderShipped } from './order-shipped.ts';
import { ownerIncident } from './owner-incident.ts';
import { paidAfterCancel } from './paid-after-cancel.ts';
import { passwordReset } from './password-reset.ts';
import { paymentConfirmed } from './payment-confirmed.ts';
import { paymentRejected } from './payment-rejected.ts';
import { paymentReminder } from './payment-reminder.ts';
import { receiptReceived } from './receipt-received.ts';
import { reviewRequest } from './review-request.ts';
import { savedCartReminder } from './saved-cart-reminder.ts';
import { shopBpomExpiring } from './shop-bpom-expiring.ts';
import { shopGatewayPayment } from './shop-gateway-payment.ts';
import { shopLowStock } from './shop-low-stock.ts';
import { shopNewOrder } from './shop-new-order.ts';
import { shopPaidOrderCancelled } from './shop-paid-order-cancelled.ts';
import { shopReceiptUploaded } from './shop-receipt-uploaded.ts';
import { shopShipmentIssue } from './shop-shipment-issue.ts';
import { shopStockSummary } from './shop-stock-summary.ts';
import { signInLink } from './sign-in-link.ts';
import { staffInvite } from './staff-invite.ts';

/**
 * Every email the shop sends, by the name the outbox records. A new email is one file in
 * this folder (its data type and an `EmailTemplate`) and one line here.
 */
export const templates = {
  'email-change': emailChange,
  'email-change-undo': emailChangeUndo,
  'password-reset': passwordReset,
  'sign-in-link': signInLink,
  'order-placed': orderPlaced,
  'payment-reminder': paymentReminder,
  'receipt-received': receiptReceived,
  'payment-confirmed': paymentConfirmed,
  'payment-rejected': paymentRejected,
  'paid-after-cancel': paidAfterCancel,
  'order-shipped': orderShipped,
  'order-delivered': orderDelivered,
  'order-cancelled': orderCancelled,
  'shop-new-order': shopNewOrder,
  'shop-receipt-uploaded': shopReceiptUploaded,
  'shop-gateway-payment': shopGatewayPayment,
  'shop-paid-order-cancelled': shopPaidOrderCancelled,
  'shop-shipment-issue': shopShipmentIssue,
  'shop-bpom-expiring': shopBpomExpiring,
  'back-in-stock': backInStock,
  'review-request': reviewRequest,
  'saved-cart-reminder': savedCartReminder,
  'staff-invite': staffInvite,
  'owner-incident': ownerIncident,
  'customer-service-reply': customerServiceReply,
  'shop-low-stock': shopLowStock,
  'shop-stock-summary': shopStockSummary,
} satisfies Record<string, EmailTemplate<never>>;
