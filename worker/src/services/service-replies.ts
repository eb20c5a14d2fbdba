import type { ServiceThread } from '@gi/contracts';
import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customerService, customerServiceReplies, profiles } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { CONTENT_CATEGORIES } from '../lib/content-categories.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';

// Replies from the customer-service inbox (issue 42, decision 058): the admin answers a contact
// message from its page; the answer is emailed to the sender through the one outbox and kept
// with the message, in the same batch, as its thread.

/** Replies a thread shows (and takes) at most: a conversation longer than this is a phone call. */
export const THREAD_LIMIT = 50;

const NOT_CONTACT = 'Data ini bukan pesan dari formulir kontak, jadi tidak ada alamat email untuk dibalas.';
const THREAD_FULL = `Pesan ini sudah dibalas ${THREAD_LIMIT} kali. Hubungi pelanggan lewat telepon atau WhatsApp.`;

async function recordOf(db: Db, id: string) {
  const record = await db
    .select({
      title: customerService.title,
      description: customerService.description,
      contactEmail: customerService.contactEmail,
    })
    .from(customerService)
    .where(and(eq(customerService.id, id), notInArray(customerService.category, [...CONTENT_CATEGORIES])))
    .get();
  if (!record) throw notFound();
  return record;
}

async function repliesOf(db: Db, id: string) {
  return db
    .select({
      id: customerServiceReplies.id,
      body: customerServiceReplies.body,
      author_name: customerServiceReplies.authorName,
      created_at: customerServiceReplies.createdAt,
    })
    .from(customerServiceReplies)
    .where(eq(customerServiceReplies.recordId, id))
    .orderBy(asc(customerServiceReplies.createdAt), asc(customerServiceReplies.id))
    .limit(THREAD_LIMIT);
}

export async function readServiceThread(db: Db, id: string): Promise<ServiceThread> {
  const record = await recordOf(db, id);
  return { contact_email: record.contactEmail, replies: await repliesOf(db, id) };
}

/** What the contact form saved (services/customer-service.ts): the name and the message itself. */
function contactParts(title: string, description: string) {
  const name = /^Nama: (.*)$/m.exec(description)?.[1] ?? 'Pelanggan';
  const message = description.split('\n\n').slice(1).join('\n\n') || description;
  return { name, subject: title.replace(/^Pesan kontak: /, ''), message };
}

/** Emails the admin's answer and keeps it with the message, in one batch. */
export async function replyToService(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  id: string,
  adminId: string,
  body: string,
): Promise<ServiceThread> {
  const record = await recordOf(db, id);
  if (!record.contactEmail) throw new AppError(409, 'not_contact_message', NOT_CONTACT);
  // Counted through customer_service_replies_record, without reading up to 50 bodies.
  const [taken] = await db
    .select({ n: count() })
    .from(customerServiceReplies)
    .where(eq(customerServiceReplies.recordId, id));
  if ((taken?.n ?? 0) >= THREAD_LIMIT) throw new AppError(409, 'thread_full', THREAD_FULL);
  const author = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, adminId))
    .get();
  const { name, subject, message } = contactParts(record.title, record.description);
  await db.batch([
    db.insert(customerServiceReplies).values({
      id: crypto.randomUUID(),
      recordId: id,
      body,
      authorId: adminId,
      authorName: author?.name ?? 'Admin',
    }),
    queueEmail(db, env, {
      to: record.contactEmail,
      template: 'customer-service-reply',
      data: { customerName: name, subject, reply: body, message },
    }),
  ]);
  return { contact_email: record.contactEmail, replies: await repliesOf(db, id) };
}
