import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';

/**
 * Queues an email. A sender (Workers `send_email` or a mail API) drains the
 * outbox in production; locally the rows are the inbox to read.
 */
export async function queueEmail(db: Db, to: string, subject: string, body: string): Promise<void> {
  await db.insert(emailOutbox).values({ id: crypto.randomUUID(), toAddress: to, subject, body });
}
