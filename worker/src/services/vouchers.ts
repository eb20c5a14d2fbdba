import {
  type ListQuery,
  type Page,
  type Voucher,
  type VoucherDetail,
  type voucherBulkSchema,
  type voucherInputSchema,
  type voucherPatchSchema,
  voucherSchema,
} from '@gi/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { answerColumns } from '../db/answer-columns.ts';
import { type Db, nowIso } from '../db/client.ts';
import { containsText } from '../db/queries/text-search.ts';
import {
  collectionProducts,
  collections,
  products,
  productVariants,
  vouchers,
  voucherUses,
} from '../db/schema.ts';
import { AFTER_A_CHANGE, type AuditFields, auditRow } from '../lib/audit.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';

// The admin's vouchers (issue 40, decision 041): made, listed with their uses, changed, deleted
// while unused. Their pricing is checkout's (checkout/voucher-discount.ts); their uses are
// counted by the triggers of migration 0037.

const columns = answerColumns(vouchers, voucherSchema, {});
const MISSING = 'Voucher tidak ditemukan';

/** The admin's fields of a stored voucher, as the audit trail records them (not its uses or times). */
const auditedVoucher = ({
  id: _,
  createdAt: _c,
  updatedAt: _u,
  usesCount: _n,
  discountTotal: _d,
  salesTotal: _s,
  ...fields
}: VoucherRow): AuditFields => fields;
const CODE_TAKEN = 'Kode voucher ini sudah dipakai voucher lain';
const ENDS_BEFORE = 'Waktu berakhir harus setelah waktu mulai';
const PERCENT_MAX = 'Persentase maksimal 100';

type Fields = z.output<typeof voucherPatchSchema>;
type VoucherRow = typeof vouchers.$inferSelect;

/** The stored columns an input sets; absent fields keep the stored value (PATCH) or the default. */
function columnsOf(input: Fields): Partial<VoucherRow> {
  const set: Partial<VoucherRow> = {};
  if (input.code !== undefined) set.code = input.code;
  if (input.kind !== undefined) set.kind = input.kind;
  if (input.value !== undefined) set.value = input.value;
  if (input.minSpend !== undefined) set.minSpend = input.minSpend;
  if (input.startsAt !== undefined) set.startsAt = input.startsAt;
  if (input.endsAt !== undefined) set.endsAt = input.endsAt;
  if (input.usageLimit !== undefined) set.usageLimit = input.usageLimit;
  if (input.perCustomerLimit !== undefined) set.perCustomerLimit = input.perCustomerLimit;
  if (input.productIds !== undefined) set.productIds = input.productIds;
  if (input.collectionIds !== undefined) set.collectionIds = input.collectionIds;
  if (input.variantIds !== undefined) set.variantIds = input.variantIds;
  if (input.combinesWithSale !== undefined) set.combinesWithSale = input.combinesWithSale;
  if (input.active !== undefined) set.active = input.active;
  return set;
}

/** A whole voucher (POST, PUT): a field left out takes its default. */
export const wholeVoucher = (input: z.output<typeof voucherInputSchema>): Fields => ({
  minSpend: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  productIds: [],
  collectionIds: [],
  variantIds: [],
  combinesWithSale: true,
  active: true,
  ...input,
});

/** The rules across fields on the voucher as it will be stored: a PATCH sends only some (the schemas check whole ones). */
function checkWhole(row: Pick<VoucherRow, 'kind' | 'value' | 'startsAt' | 'endsAt'>) {
  if (row.kind === 'percent' && row.value > 100) {
    throw new AppError(400, 'invalid_input', PERCENT_MAX, { value: PERCENT_MAX });
  }
  if (row.startsAt && row.endsAt && row.endsAt <= row.startsAt) {
    throw new AppError(400, 'invalid_input', ENDS_BEFORE, { endsAt: ENDS_BEFORE });
  }
}

const codeTaken = (err: unknown) =>
  isConstraintError(err, 'vouchers.code')
    ? new AppError(409, 'voucher_code_taken', CODE_TAKEN, { code: CODE_TAKEN })
    : err;

export async function listVouchers(db: Db, { q, page, pageSize }: ListQuery): Promise<Page<Voucher>> {
  const filter = q ? containsText(vouchers.code, q) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(vouchers)
      .where(filter)
      .orderBy(desc(vouchers.createdAt), vouchers.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(vouchers).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page, pageSize };
}

/** The ids in one of a voucher's JSON target lists, for `IN`. */
const targetIds = (id: string, list: 'product_ids' | 'collection_ids' | 'variant_ids') =>
  sql`(SELECT value FROM json_each((SELECT ${sql.raw(list)} FROM ${vouchers} WHERE ${vouchers.id} = ${id})))`;

/** One voucher with its targets named (each by primary key, at most MAX_VOUCHER_TARGETS), one round trip. */
export async function readVoucher(db: Db, id: string): Promise<VoucherDetail> {
  const [[row], named, grouped, sized] = await db.batch([
    db.select(columns).from(vouchers).where(eq(vouchers.id, id)),
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.id, targetIds(id, 'product_ids'))),
    db
      .select({ id: collections.id, name: collections.name })
      .from(collections)
      .where(inArray(collections.id, targetIds(id, 'collection_ids'))),
    db
      .select({
        id: productVariants.id,
        product_id: productVariants.productId,
        product_name: products.name,
        size_ml: productVariants.sizeMl,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, targetIds(id, 'variant_ids'))),
  ]);
  if (!row) throw new AppError(404, 'not_found', MISSING);
  // In the order the admin picked them; a target deleted since is left out.
  const inOrder = <T extends { id: string }>(rows: T[], ids: string[]) =>
    rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return {
    ...row,
    targets: {
      products: inOrder(named, row.product_ids),
      collections: inOrder(grouped, row.collection_ids),
      variants: inOrder(sized, row.variant_ids),
    },
  };
}

export async function createVoucher(
  db: Db,
  input: z.output<typeof voucherInputSchema>,
  actorId: string,
): Promise<VoucherDetail> {
  const now = nowIso();
  const row = { ...columnsOf(wholeVoucher(input)), code: input.code, kind: input.kind, value: input.value };
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(vouchers).values({ ...row, id, createdAt: now, updatedAt: now }),
      auditRow(db, { actorId, entityType: 'voucher', entityId: id, action: 'create', after: row }),
    ]);
  } catch (err) {
    throw codeTaken(err);
  }
  return readVoucher(db, id);
}

/** Sets the given fields (PUT: `wholeVoucher`); the uses and their totals stay the triggers'. */
export async function updateVoucher(
  db: Db,
  id: string,
  input: Fields,
  actorId: string,
): Promise<VoucherDetail> {
  const stored = await db.select().from(vouchers).where(eq(vouchers.id, id)).get();
  if (!stored) throw new AppError(404, 'not_found', MISSING);
  const set = columnsOf(input);
  checkWhole({ ...stored, ...set });
  const before = auditedVoucher(stored);
  try {
    await db.batch([
      db
        .update(vouchers)
        .set({ ...set, updatedAt: nowIso() })
        .where(eq(vouchers.id, id)),
      auditRow(db, {
        actorId,
        entityType: 'voucher',
        entityId: id,
        action: 'update',
        before,
        after: { ...before, ...set },
        when: AFTER_A_CHANGE,
      }),
    ]);
  } catch (err) {
    throw codeTaken(err);
  }
  return readVoucher(db, id);
}

/**
 * Deletes a voucher no live order used; one that was used is deactivated instead (its uses are
 * the orders' record). One batch, so a use written meanwhile keeps it; the audit row after each
 * step is written only if that step changed the voucher.
 */
export async function removeVoucher(db: Db, id: string, actorId: string): Promise<{ deleted: boolean }> {
  const stored = await db.select().from(vouchers).where(eq(vouchers.id, id)).get();
  if (!stored) throw new AppError(404, 'not_found', MISSING);
  const before = auditedVoucher(stored);
  const unused = sql`NOT EXISTS (SELECT 1 FROM ${voucherUses} WHERE ${voucherUses.voucherId} = ${id})`;
  const change = { actorId, entityType: 'voucher', entityId: id, before, when: AFTER_A_CHANGE } as const;
  const [deleted, , kept] = await db.batch([
    db
      .delete(vouchers)
      .where(and(eq(vouchers.id, id), unused))
      .returning({ id: vouchers.id }),
    auditRow(db, { ...change, action: 'delete' }),
    db
      .update(vouchers)
      .set({ active: false, updatedAt: nowIso() })
      .where(eq(vouchers.id, id))
      .returning({ id: vouchers.id }),
    auditRow(db, { ...change, action: 'deactivate', after: { ...before, active: false } }),
  ]);
  if (deleted.length > 0) return { deleted: true };
  if (kept.length > 0) return { deleted: false };
  throw new AppError(404, 'not_found', MISSING);
}

// No 0/O or 1/I: a code read aloud or off a story is typed right.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomPart = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => ALPHABET[byte % ALPHABET.length]).join('');

/**
 * `count` single-use codes `<prefix>-<8 random>` (one use in all, one per customer), in one batch;
 * a code that already exists (one chance in about 10^12) is skipped and drawn again.
 */
export async function bulkVouchers(
  db: Db,
  input: z.output<typeof voucherBulkSchema>,
  actorId: string,
): Promise<string[]> {
  const { prefix, count: wanted, ...fields } = input;
  const base = columnsOf(wholeVoucher({ ...fields, code: prefix }));
  const made: string[] = [];
  for (let round = 0; round < 3 && made.length < wanted; round += 1) {
    const now = nowIso();
    const codes = [
      ...new Set(Array.from({ length: wanted - made.length }, () => `${prefix}-${randomPart()}`)),
    ];
    const [first, ...rest] = codes.map((code) =>
      db
        .insert(vouchers)
        .values({
          ...base,
          id: crypto.randomUUID(),
          code,
          kind: input.kind,
          value: input.value,
          usageLimit: 1,
          perCustomerLimit: 1,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ code: vouchers.code }),
    );
    if (!first) break;
    // One audit row per round, its codes as drawn: a code skipped as taken (about 10^-12) is drawn again.
    const audit = auditRow(db, {
      actorId,
      entityType: 'voucher',
      entityId: prefix,
      action: 'bulk_create',
      after: { ...base, kind: input.kind, value: input.value, usageLimit: 1, perCustomerLimit: 1, codes },
    });
    const [, ...inserted] = await db.batch([audit, first, ...rest]);
    for (const rows of inserted) made.push(...rows.map((row) => row.code));
  }
  return made;
}

/** The voucher a shopper's code names, whatever its case. */
export function voucherByCode(db: Db, code: string) {
  return db.select().from(vouchers).where(eq(vouchers.code, code)).get();
}

/** The customer's live orders with the voucher. */
export async function usesByCustomer(db: Db, voucherId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(voucherUses)
    .where(and(eq(voucherUses.voucherId, voucherId), eq(voucherUses.userId, userId)));
  return row?.n ?? 0;
}

/** The collections each product is in. */
export async function collectionsOf(db: Db, productIds: string[]): Promise<Map<string, string[]>> {
  const rows =
    productIds.length === 0
      ? []
      : await db
          .select({ productId: collectionProducts.productId, collectionId: collectionProducts.collectionId })
          .from(collectionProducts)
          .where(inArray(collectionProducts.productId, productIds));
  const byProduct = new Map<string, string[]>();
  for (const { productId, collectionId } of rows) {
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), collectionId]);
  }
  return byProduct;
}
