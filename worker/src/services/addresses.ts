import { MAX_SAVED_ADDRESSES, type SavedAddress, type savedAddressInputSchema } from '@gi/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, nowIso } from '../db/client.ts';
import { customerAddresses } from '../db/schema.ts';
import { resolveArea } from '../lib/areas.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError, notFound } from '../lib/errors.ts';

const NOT_FOUND = 'Alamat tidak ditemukan';
const LIMIT_MESSAGE = `Maksimal ${MAX_SAVED_ADDRESSES} alamat tersimpan. Hapus salah satu terlebih dahulu.`;

type Row = typeof customerAddresses.$inferSelect;
type Input = z.output<typeof savedAddressInputSchema>;

function toAddress(row: Row): SavedAddress | null {
  const area = resolveArea(row.provinceCode, row.regencyCode, row.districtCode);
  if (!area) return null;
  return {
    id: row.id,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    ...area,
    postalCode: row.postalCode,
    customerAddress: row.street,
    isDefault: row.isDefault,
  };
}

/** The area codes must name real areas, each inside the one before. */
function checkArea(input: Input) {
  if (!resolveArea(input.provinceCode, input.regencyCode, input.districtCode)) {
    throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
      districtCode: 'Kecamatan tidak ditemukan',
    });
  }
}

const columns = (input: Input) => ({
  customerName: input.customerName,
  customerPhone: input.customerPhone,
  provinceCode: input.provinceCode,
  regencyCode: input.regencyCode,
  districtCode: input.districtCode,
  postalCode: input.postalCode,
  street: input.customerAddress,
  isDefault: input.isDefault,
});

const ownedBy = (userId: string, id: string) =>
  and(eq(customerAddresses.userId, userId), eq(customerAddresses.id, id));

const clearDefault = (db: Db, userId: string) =>
  db
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));

/** The customer's address book, the default first; bounded by MAX_SAVED_ADDRESSES. */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), customerAddresses.id);
  return rows.map(toAddress).filter((a): a is SavedAddress => a !== null);
}

/** Saves a new address; the first is the default whatever the form said. */
export async function createAddress(db: Db, userId: string, input: Input): Promise<SavedAddress> {
  checkArea(input);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId));
  if (n >= MAX_SAVED_ADDRESSES) throw new AppError(409, 'address_limit', LIMIT_MESSAGE);
  const isDefault = input.isDefault || n === 0;
  const id = crypto.randomUUID();
  const insert = db.insert(customerAddresses).values({ id, userId, ...columns({ ...input, isDefault }) });
  try {
    if (isDefault) await db.batch([clearDefault(db, userId), insert]);
    else await insert;
  } catch (err) {
    // The table's trigger holds the bound against a concurrent twin request.
    if (isConstraintError(err, 'address_limit')) throw new AppError(409, 'address_limit', LIMIT_MESSAGE);
    throw err;
  }
  const saved = await db.select().from(customerAddresses).where(eq(customerAddresses.id, id)).get();
  return toAddress(saved as Row) as SavedAddress;
}

/** The default stays a default until another address takes its place. */
export async function updateAddress(db: Db, userId: string, id: string, input: Input): Promise<SavedAddress> {
  checkArea(input);
  const existing = await db.select().from(customerAddresses).where(ownedBy(userId, id)).get();
  if (!existing) throw notFound(NOT_FOUND);
  const isDefault = input.isDefault || existing.isDefault;
  const update = db
    .update(customerAddresses)
    .set({ ...columns({ ...input, isDefault }), updatedAt: nowIso() })
    .where(ownedBy(userId, id));
  if (isDefault && !existing.isDefault) await db.batch([clearDefault(db, userId), update]);
  else await update;
  const saved = await db.select().from(customerAddresses).where(ownedBy(userId, id)).get();
  return toAddress(saved as Row) as SavedAddress;
}

/** Deleting the default makes the newest of the others the default. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  const [deleted] = await db.delete(customerAddresses).where(ownedBy(userId, id)).returning();
  if (!deleted) throw notFound(NOT_FOUND);
  if (deleted.isDefault) {
    const next = await db
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(desc(customerAddresses.createdAt))
      .get();
    if (next) await db.update(customerAddresses).set({ isDefault: true }).where(ownedBy(userId, next.id));
  }
}
