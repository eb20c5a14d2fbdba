// How the outboxes (lib/outbox.ts for email, whatsapp/outbox.ts for WhatsApp) retry: one policy,
// so a message on either channel is tried as often and as patiently (decisions 009 and 049).

/** Attempts before a row is given up as 'failed'. */
export const MAX_ATTEMPTS = 6;
/** Rows one drain claims: bounded so a drain fits in the time a request's waitUntil has. */
export const DRAIN_BATCH = 10;
/** Drains one Cron sweep runs at most. */
export const SWEEP_BATCHES = 5;
/** A claimed row is left alone this long: a drain that died mid-send is retried after it. */
export const LEASE_MS = 5 * 60_000;
export const MAX_ERROR_LENGTH = 500;

/** Wait after the n-th failed attempt: 1, 2, 4, 8, 16 minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** (attempts - 1);
}

/** The innermost cause's message: Drizzle's own wraps it with the query's parameters (addresses). */
export function rootMessage(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  return root instanceof Error ? root.message : String(root);
}
