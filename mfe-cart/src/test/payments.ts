import type { CheckoutPaymentOptions, OrderPayment } from '@gi/contracts';
import { payment } from '@gi/contracts/fixtures';

/** GET /api/payment-options of a shop offering every gateway channel but cards, and manual transfer. */
export const checkoutOptions = (overrides: Partial<CheckoutPaymentOptions> = {}): CheckoutPaymentOptions => ({
  channels: ['other_qris', 'bca_va', 'bni_va', 'bri_va', 'echannel', 'permata_va', 'gopay', 'shopeepay'],
  manual_transfer: true,
  cod: null,
  last_channel: null,
  whatsapp: false,
  ...overrides,
});

/**
 * A gateway attempt waiting for payment (issue 37): what the order's answer carries for the
 * shop's own payment page, all empty unless given.
 */
export const gatewayPayment = (overrides: Partial<OrderPayment> = {}): OrderPayment =>
  payment({ method: 'midtrans', amount: 267_000, ...overrides });

/** A QRIS payload as Midtrans's sandbox gives it in `qr_string` (EMVCo, with its CRC). */
export const QRIS_STRING =
  '00020101021126610014COM.GO-JEK.WWW01189360091436596000390210G6596000390303UMI51440014ID.CO.QRIS.WWW0215ID10211061539680303UMI5204549953033605406267000.005802ID5921PT GLOBAL IMPERIUM6007JAKARTA61051011062070703A0163042C1F';
