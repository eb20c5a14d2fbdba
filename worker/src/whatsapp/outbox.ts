import { formatRupiah, phoneSchema } from '@gi/contracts';
import type { BatchItem } from 'drizzle-orm/batch';
import { type Db, getDb } from '../db/client.ts';
import { whatsappOutbox } from '../db/schema.ts';
import { orderRef, typed } from '../email/order-parts.ts';
import type { Env } from '../env.ts';
import {
  type DrainResult,
  drainQueue,
  drainSoon,
  type OutboxChannel,
  sweepQueue,
} from '../lib/outbox-queue.ts';
import { type WhatsAppEnv, whatsappProvider } from './configured-provider.ts';
import { type WhatsAppProvider, WhatsAppSendError } from './provider.ts';
import { WHATSAPP_LANGUAGE, whatsappTemplates } from './templates.ts';

// Order updates on WhatsApp (decision 049), sent as the email outbox sends mail (decision 009):
// the change that makes the event writes the message's row in its own D1 batch, a drain after the
// request's answer and the Cron every minute send what is due, failures wait 1, 2, 4, 8, 16
// minutes. One row per order and event, so a twin notification or a retried step sends nothing
// twice; a failure never touches the order.

/** The order as the outbox needs it: an orders row fits, and checkout builds one. */
export interface WhatsAppOrder {
  id: string;
  customerName: string;
  customerPhone: string | null;
  /** Asked for at checkout while the channel was on (migration 0042). */
  whatsappOptIn: boolean;
}

/** What each event tells, beyond the name, the order and its page. */
export type OrderUpdate =
  | { event: 'order_placed'; total: number; howToPay: string }
  | { event: 'paid'; total: number }
  | { event: 'shipped'; courier: string; trackingNumber: string | null; trackingUrl: string | null }
  | { event: 'delivered' };

/** The Cloud API's `to`: E.164 digits without the plus, from the shop's Indonesian phone; null if it is none. */
export function whatsappNumber(phone: string | null): string | null {
  const parsed = phone === null ? null : phoneSchema.safeParse(phone);
  return parsed?.success ? parsed.data.slice(1) : null;
}

/** One line per parameter, never empty: a template's text parameter is a single line of text. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim() || '-';

function parametersOf(order: WhatsAppOrder, update: OrderUpdate, origin: string): string[] {
  // A typed name cannot become a live link in the message (decision 023's rule for the mails).
  const head = [typed(order.customerName), orderRef(order.id)];
  const page = new URL(`/orders/${order.id}`, origin).href;
  switch (update.event) {
    case 'order_placed':
      return [...head, formatRupiah(update.total), update.howToPay, page];
    case 'paid':
      return [...head, formatRupiah(update.total), page];
    case 'shipped':
      return [
        ...head,
        update.courier,
        update.trackingNumber ?? 'belum tersedia, kami kabari lewat email',
        update.trackingUrl ?? page,
      ];
    case 'delivered':
      return [...head, page];
  }
}

/**
 * The outbox row of one order update, to put into the batch of the change it tells: none unless
 * the customer opted in and the order's phone is one WhatsApp can reach. Queued twice (a twin
 * request, a retried step), the second insert is ignored.
 */
export function queueWhatsApp(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  order: WhatsAppOrder,
  update: OrderUpdate,
): BatchItem<'sqlite'>[] {
  const to = order.whatsappOptIn ? whatsappNumber(order.customerPhone) : null;
  if (!to) return [];
  return [
    db
      .insert(whatsappOutbox)
      .values({
        id: crypto.randomUUID(),
        orderId: order.id,
        event: update.event,
        toPhone: to,
        template: whatsappTemplates[update.event].name,
        parameters: parametersOf(order, update, env.PUBLIC_ORIGIN).map(oneLine),
      })
      .onConflictDoNothing(),
  ];
}

/** The WhatsApp outbox on the one queue (lib/outbox-queue.ts): the provider sends a row's template. */
function whatsappChannel(provider: WhatsAppProvider): OutboxChannel<typeof whatsappOutbox> {
  return {
    table: whatsappOutbox,
    name: 'whatsapp',
    noAnswer: 'Tidak ada jawaban dari pengirim WhatsApp',
    send: async (row) =>
      (
        await provider.send({
          to: row.toPhone,
          template: row.template,
          language: WHATSAPP_LANGUAGE,
          parameters: row.parameters,
        })
      ).messageId,
    // Meta's refusal of the request itself (a bad number, a template it does not know).
    permanent: (error) => error instanceof WhatsAppSendError && !error.retryable,
  };
}

/** Sends one bounded batch of due rows, each once; failures wait for their retry. */
export function drainWhatsApp(
  db: Db,
  provider: WhatsAppProvider,
  options?: { now?: Date; limit?: number },
): Promise<DrainResult> {
  return drainQueue(db, whatsappChannel(provider), options);
}

/** After a request queued a message: it leaves once the answer is out. Nothing while the channel is off. */
export function drainWhatsAppSoon(
  env: WhatsAppEnv & Pick<Env, 'DB'>,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
): void {
  const provider = whatsappProvider(env);
  if (provider) drainSoon(getDb(env.DB), whatsappChannel(provider), ctx);
}

/** The Cron Trigger's sweep of the WhatsApp outbox; none while the channel is off. */
export async function sweepWhatsApp(env: WhatsAppEnv & Pick<Env, 'DB'>): Promise<void> {
  const provider = whatsappProvider(env);
  if (provider) await sweepQueue(getDb(env.DB), whatsappChannel(provider));
}
