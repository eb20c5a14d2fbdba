// The gateway's channels and flags (decision 026). Only the order page, the admin and the Worker
// use them, so they live apart from labels.ts, which the cart's shared chunk carries.

/**
 * How the shopper pays through the gateway: Midtrans Snap's `enabled_payments` names
 * (docs.midtrans.com, Snap request body), so one is passed as it is.
 */
export const gatewayChannels = [
  'other_qris',
  'bca_va',
  'bni_va',
  'bri_va',
  'echannel',
  'permata_va',
  'gopay',
  'shopeepay',
  'credit_card',
] as const;
export type GatewayChannel = (typeof gatewayChannels)[number];

export const gatewayChannelLabels: Record<GatewayChannel, string> = {
  other_qris: 'QRIS',
  bca_va: 'Virtual Account BCA',
  bni_va: 'Virtual Account BNI',
  bri_va: 'Virtual Account BRI',
  echannel: 'Virtual Account Mandiri',
  permata_va: 'Virtual Account Permata',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
  credit_card: 'Kartu Kredit/Debit',
};

/**
 * How a shopper pays, as checkout's `paymentChannel` and POST /api/orders/{id}/payment-method's
 * `channel` name it: a gateway channel, 'bank_transfer' for the manual transfer with a receipt
 * (decision 015), the only one that carries a unique code, or 'cod': cash to the courier on
 * delivery (decision 034), chosen in checkout only.
 */
export const paymentChannels = [...gatewayChannels, 'bank_transfer', 'cod'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

/**
 * What needs the admin on an order the gateway took money for (decisions 026 and 035):
 * 'paid_twice' is money for an order already paid (another attempt settled after it).
 */
export const paymentFlags = ['paid_after_cancel', 'amount_mismatch', 'paid_twice'] as const;
export type PaymentFlag = (typeof paymentFlags)[number];

export const paymentFlagLabels: Record<PaymentFlag, string> = {
  paid_after_cancel: 'Dibayar setelah dibatalkan',
  amount_mismatch: 'Jumlah pembayaran tidak sesuai',
  paid_twice: 'Dibayar lebih dari sekali',
};
