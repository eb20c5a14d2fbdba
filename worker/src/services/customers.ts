import {
  type CustomerDetail,
  type CustomerOrder,
  type CustomerSummary,
  customerOrderSchema,
  customerSummarySchema,
  type Page,
  type SeekPage,
} from '@gi/contracts';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { answerColumns } from '../db/answer-columns.ts';
import { type Db, nowIso } from '../db/client.ts';
import { ftsCount, matchesFts, matchesFtsByRow, walkForMatches } from '../db/queries/text-search.ts';
import {
  backInStockSubscriptions,
  cacheVersion,
  counters,
  customerAddresses,
  customerService,
  emailOutbox,
  emailTokens,
  favorites,
  marketingSuppressions,
  orders,
  profiles,
  profilesFts,
  savedCartLines,
  savedCarts,
  sessions,
  users,
  whatsappOutbox,
} from '../db/schema.ts';
import { auditRow } from '../lib/audit.ts';
import { type SeekOrder, type SeekQuery, seek, seekNeedsTotal, seekResult } from '../lib/keyset.ts';
import { listAddresses } from './addresses.ts';

// The admin's customers (issue 42, decision 059): the list, one customer's page and orders, and
// the erasure of a customer's personal data on request (UU PDP No. 27/2022).

const columns = answerColumns(profiles, customerSummarySchema, {});
const isCustomer = eq(profiles.role, 'customer');

/** Newest first, ties by id: the partial index profiles_customers (created_at DESC, id). */
const newestFirst: SeekOrder = {
  createdAt: profiles.createdAt,
  tie: sql`${profiles.id}`,
  tieDescending: false,
  parseTie: String,
};

const cursorOf = (row: CustomerSummary) => `${row.created_at}~${row.id}`;

export interface CustomerListQuery extends SeekQuery {
  q?: string | undefined;
}

/**
 * A page of customers with their figures (counters the orders' triggers keep, migration 0056: no
 * order is read). Without a search the total is the 'customers' counter; a search matches words
 * of the name or email by prefix through profiles_fts, and the page either sorts the matches or,
 * when they are many, walks the list's index and probes each row (as the admin's orders do).
 */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<SeekPage<CustomerSummary>> {
  const listed = db
    .select({ total: sql<number>`coalesce(sum(${counters.value}), 0)` })
    .from(counters)
    .where(eq(counters.name, 'customers'));
  const pageOf = (plan: ReturnType<typeof seek>, search?: SQL) =>
    db
      .select(columns)
      .from(profiles)
      .where(and(isCustomer, search, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
  const answer = (plan: ReturnType<typeof seek>, total: number, rows: CustomerSummary[]) => {
    const page = seekResult(plan, rows, query, cursorOf);
    return {
      items: page.rows,
      total,
      page: query.page,
      pageSize: query.pageSize,
      previousCursor: page.previousCursor,
      nextCursor: page.nextCursor,
    };
  };
  if (query.q === undefined) {
    if (!seekNeedsTotal(query)) {
      const plan = seek(newestFirst, query);
      const [[counted], rows] = await db.batch([listed, pageOf(plan)]);
      return answer(plan, counted?.total ?? 0, rows);
    }
    const [counted] = await listed;
    const total = counted?.total ?? 0;
    const plan = seek(newestFirst, query, total);
    return answer(plan, total, plan.limit === 0 ? [] : await pageOf(plan));
  }
  // Staff accounts are in profiles_fts too: the matches' count is an upper bound for choosing
  // the page's form, the customers among them the total.
  const [[all], [matched], [customers]] = await db.batch([
    listed,
    ftsCount(db, profilesFts, query.q),
    db
      .select({ total: count() })
      .from(profiles)
      .where(and(isCustomer, matchesFts(profiles, profilesFts, query.q))),
  ]);
  const total = customers?.total ?? 0;
  const plan = seek(newestFirst, query, total);
  if (plan.limit === 0 || total === 0) return answer(plan, total, []);
  const walk = walkForMatches(matched?.total ?? 0, all?.total ?? 0, plan.offset + plan.limit);
  const search = walk
    ? matchesFtsByRow(profiles, profilesFts, query.q)
    : matchesFts(profiles, profilesFts, query.q);
  return answer(plan, total, await pageOf(plan, search));
}

/** One customer with the saved addresses; undefined for no such customer (or a staff account). */
export async function readCustomer(db: Db, id: string): Promise<CustomerDetail | undefined> {
  const found = await db
    .select(columns)
    .from(profiles)
    .where(and(eq(profiles.id, id), isCustomer))
    .get();
  if (!found) return undefined;
  return { ...found, addresses: await listAddresses(db, id) };
}

const orderColumns = answerColumns(orders, customerOrderSchema, {});

/** A page of the customer's orders, newest first (orders_user_created); undefined for no customer. */
export async function listCustomerOrders(
  db: Db,
  id: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Page<CustomerOrder> | undefined> {
  const [[found], items] = await db.batch([
    db
      .select({ total: profiles.ordersCount })
      .from(profiles)
      .where(and(eq(profiles.id, id), isCustomer)),
    db
      .select(orderColumns)
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  if (!found) return undefined;
  return { items, total: found.total, page, pageSize };
}

/** What an erased account's name and every order's customer name become. */
export const ERASED_NAME = 'Pelanggan Dihapus';
/** What the orders' delivery address becomes. */
export const ERASED_ADDRESS = 'Alamat dihapus atas permintaan pelanggan (UU PDP)';
/**
 * The erased account's address: unique per account (the column is), at a reserved domain that
 * never receives mail (RFC 2606), so no sign-in or reset link reaches anyone.
 */
export const erasedEmail = (id: string) => `dihapus-${id}@pelanggan.invalid`;
/** A stored password no password matches (verifyPassword needs a salt and a hash). */
const NO_PASSWORD = 'pbkdf2-sha256$dihapus';

/**
 * Erases a customer's personal data on request (UU PDP No. 27/2022, decision 059), in one batch:
 * the account cannot be signed in to again, its sessions, links, addresses, saved cart,
 * favourites, 'Kabari Saya' asks, marketing consent, contact messages and unsent mail and WhatsApp
 * messages go, and its orders keep their financial record (amounts, items, dates, status,
 * payments, province, courier and waybill) with the personal fields replaced. Its reviews stay,
 * signed with the erased name. The first erasure is audited (by whom, when; no personal field);
 * erasing again changes nothing (the first erasure's time is kept). Undefined for no such
 * customer; staff accounts are never erased here.
 */
export async function eraseCustomer(
  db: Db,
  id: string,
  actorId: string,
): Promise<CustomerDetail | undefined> {
  const [[found], orderEmails] = await db.batch([
    db
      .select({ email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(and(eq(profiles.id, id), isCustomer)),
    // Through orders_user_created: an order placed before the account's email changed has the old one.
    db.selectDistinct({ email: orders.customerEmail }).from(orders).where(eq(orders.userId, id)),
  ]);
  if (!found) return undefined;
  const placeholder = erasedEmail(id);
  // The addresses the customer's data was kept under: the account's, and each order's.
  const emails = [
    ...new Set(
      [found.email, ...orderEmails.map((row) => row.email), placeholder].map((e) => e.toLowerCase()),
    ),
  ];
  const theirOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, id));
  await db.batch([
    // Before the profile's erased_at is set: only the first erasure is a change to record.
    auditRow(db, {
      actorId,
      entityType: 'customer',
      entityId: id,
      action: 'erase',
      when: sql`EXISTS (SELECT 1 FROM ${profiles} WHERE ${profiles.id} = ${id} AND ${profiles.erasedAt} IS NULL)`,
    }),
    db.update(users).set({ email: placeholder, passwordHash: NO_PASSWORD }).where(eq(users.id, id)),
    db
      .update(profiles)
      .set({
        name: ERASED_NAME,
        email: placeholder,
        phone: null,
        marketingConsentAt: null,
        erasedAt: sql`coalesce(${profiles.erasedAt}, ${nowIso()})`,
      })
      .where(eq(profiles.id, id)),
    db.delete(sessions).where(eq(sessions.userId, id)),
    db.delete(emailTokens).where(eq(emailTokens.userId, id)),
    db.delete(customerAddresses).where(eq(customerAddresses.userId, id)),
    db.delete(savedCartLines).where(eq(savedCartLines.userId, id)),
    db.delete(savedCarts).where(eq(savedCarts.userId, id)),
    db.delete(favorites).where(eq(favorites.userId, id)),
    db
      .delete(backInStockSubscriptions)
      .where(or(eq(backInStockSubscriptions.userId, id), inArray(backInStockSubscriptions.email, emails))),
    db.delete(marketingSuppressions).where(inArray(marketingSuppressions.email, emails)),
    // Their contact-form messages (name, address and words; the replies go with them), through
    // customer_service_contact_email: no financial record.
    db.delete(customerService).where(inArray(sql`lower(${customerService.contactEmail})`, emails)),
    // Unsent mail to the customer (pending rows, through email_outbox_due); sent rows hold
    // rendered copies until the cleanup's 30 days (SENT_EMAIL_KEEP_MS).
    db
      .delete(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), inArray(sql`lower(${emailOutbox.toAddress})`, emails))),
    db.delete(whatsappOutbox).where(inArray(whatsappOutbox.orderId, theirOrders)),
    // The financial record stays; who and where does not (orders_fts forgets them by its trigger).
    db
      .update(orders)
      .set({
        customerName: ERASED_NAME,
        customerEmail: placeholder,
        customerPhone: null,
        customerAddress: ERASED_ADDRESS,
        regencyCode: null,
        regencyName: null,
        districtCode: null,
        districtName: null,
        postalCode: null,
        clientIp: null,
        giftMessage: null,
        whatsappOptIn: false,
      })
      .where(eq(orders.userId, id)),
    // Guests' cached pages showed the reviews' author name.
    db.update(cacheVersion).set({ token: sql`lower(hex(randomblob(8)))` }).where(eq(cacheVersion.id, 1)),
  ]);
  return readCustomer(db, id);
}
