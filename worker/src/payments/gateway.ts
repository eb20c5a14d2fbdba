import type { GatewayChannel, PaymentMethod } from '@gi/contracts';
import type { Env } from '../env.ts';
import { loggableError } from '../lib/db-errors.ts';

// The seam between the order lifecycle and a payment gateway (docs/decisions/026-payment-gateway.md).
// A provider is one adapter: it opens a checkout for an attempt, recognises its own
// notifications and answers what it knows of an attempt. The lifecycle (apply.ts) decides.

/** One attempt as the gateway is asked to charge it. */
export interface GatewayCharge {
  /** The attempt's id: the gateway's order id, so a retry is a new transaction. */
  attemptId: string;
  amount: number;
  channel: GatewayChannel;
  /** Lines, shipping and discounts: their price × quantity sums to `amount` exactly. */
  items: { id: string; name: string; price: number; quantity: number }[];
  /** The gateway mails its own receipts to `email`: the account's own address, never what was typed at checkout. */
  customer: { name: string; email: string | null; phone: string | null };
  /** No later than the order's payment deadline. */
  expiresAt: Date;
  /** Where the shopper comes back to: the order page. */
  finishUrl: string;
}

/**
 * What the shop shows to pay one attempt (issue 37). QRIS, virtual accounts and e-wallets are
 * charged directly and paid on the shop's own order page; cards go to the gateway's hosted page.
 */
export interface GatewayPayment {
  /** The gateway's hosted page (cards); null when the shop's page shows the payment itself. */
  redirectUrl: string | null;
  /** The virtual account number (Mandiri: the bill key). */
  payCode: string | null;
  /** Mandiri's biller code. */
  billerCode: string | null;
  /** The QR's content to draw (QRIS; GoPay on a computer). */
  qrString: string | null;
  /** The e-wallet app's link (GoPay, ShopeePay). */
  deeplinkUrl: string | null;
  /** When the gateway stops accepting it (ISO); null when it did not say. */
  expiresAt: string | null;
  /** The gateway's transaction id, when it gave one. */
  transactionId: string | null;
}

/** What the shop does with a gateway status: money received, still waiting, failed, or given back. */
export type GatewayOutcome = 'paid' | 'pending' | 'failed' | 'refund' | 'unknown';

/** What the gateway says of one attempt, from its status API (never from a notification alone). */
export interface GatewayStatus {
  attemptId: string;
  outcome: GatewayOutcome;
  transactionStatus: string;
  fraudStatus: string | null;
  paymentType: string | null;
  transactionId: string | null;
  /** As the gateway wrote it ('150000.00'). */
  grossAmount: string;
  /** Whole rupiah when `grossAmount` is exactly that, else null. */
  amount: number | null;
  currency: string | null;
  /** While waiting: the VA number (Mandiri: the bill key) or, for QRIS, null (see `qrString`). */
  payCode: string | null;
  qrString: string | null;
}

export interface PaymentGateway {
  method: PaymentMethod;
  /** Opens the attempt's transaction: a direct charge for QRIS, VAs and e-wallets, the hosted page for cards. */
  charge(charge: GatewayCharge): Promise<GatewayPayment>;
  /**
   * Closes a transaction still waiting for payment (a method switched away from), so it can no
   * longer be paid: true when the gateway closed it, false when it would not (already paid,
   * unknown to it). Throws GatewayUnavailable when the gateway cannot be reached.
   */
  cancel(attemptId: string): Promise<boolean>;
  /** The attempt a notification speaks of when it carries the gateway's signature; null when it does not. */
  verifyNotification(body: unknown): Promise<string | null>;
  /** The gateway's status of an attempt; null when it knows no such transaction. */
  status(attemptId: string): Promise<GatewayStatus | null>;
}

/** The gateway did not answer usefully (network, 5xx, an unexpected body): try again later. */
export class GatewayUnavailable extends Error {
  override name = 'GatewayUnavailable';
}

export type GatewayEnv = Pick<Env, 'MIDTRANS_SERVER_KEY' | 'MIDTRANS_ENVIRONMENT' | 'MIDTRANS_API_URL'>;

/**
 * Closes an attempt's transaction at the gateway after the batch that left it (a switch, a
 * cancel, the expiry, a racing charge), so it can no longer be paid. A failure is logged, never
 * fatal: if it is paid all the same, apply.ts flags the money for a refund (decision 035).
 */
export async function closeAtGateway(gateway: PaymentGateway, attemptId: string): Promise<void> {
  try {
    await gateway.cancel(attemptId);
  } catch (err) {
    console.error(
      JSON.stringify({ event: 'gateway_cancel_failed', paymentId: attemptId, ...loggableError(err) }),
    );
  }
}
