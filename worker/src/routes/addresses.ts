import { MAX_SAVED_ADDRESSES, type SavedAddress, savedAddressInputSchema } from '@gi/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { customerAddresses } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { resolveArea } from '../lib/areas.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';

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

async function listOf(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), customerAddresses.id);
  return rows.map(toAddress).filter((a): a is SavedAddress => a !== null);
}

/** The signed-in customer's address book; every query is bounded to the session's user. */
export const addressRoutes = new Hono<AppEnv>()
  .use(requireUser)

  .get('/', async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json({ items: await listOf(getDb(c.env.DB), userId) });
  })

  .post('/', validate('json', savedAddressInputSchema), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const input = c.req.valid('json');
    checkArea(input);
    const db = getDb(c.env.DB);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId));
    if (n >= MAX_SAVED_ADDRESSES) throw new AppError(409, 'address_limit', LIMIT_MESSAGE);
    // The first address is the default whatever the form said.
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
    return c.json(toAddress(saved as Row), 201);
  })

  .put('/:id', validate('json', savedAddressInputSchema), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const id = c.req.param('id');
    const input = c.req.valid('json');
    checkArea(input);
    const db = getDb(c.env.DB);
    const existing = await db.select().from(customerAddresses).where(ownedBy(userId, id)).get();
    if (!existing) throw new AppError(404, 'not_found', NOT_FOUND);
    // The default stays a default until another address takes its place.
    const isDefault = input.isDefault || existing.isDefault;
    const update = db
      .update(customerAddresses)
      .set({ ...columns({ ...input, isDefault }), updatedAt: nowIso() })
      .where(ownedBy(userId, id));
    if (isDefault && !existing.isDefault) await db.batch([clearDefault(db, userId), update]);
    else await update;
    const saved = await db.select().from(customerAddresses).where(ownedBy(userId, id)).get();
    return c.json(toAddress(saved as Row));
  })

  .delete('/:id', async (c) => {
    const userId = c.get('auth')?.userId as string;
    const db = getDb(c.env.DB);
    const [deleted] = await db
      .delete(customerAddresses)
      .where(ownedBy(userId, c.req.param('id')))
      .returning();
    if (!deleted) throw new AppError(404, 'not_found', NOT_FOUND);
    if (deleted.isDefault) {
      const next = await db
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(eq(customerAddresses.userId, userId))
        .orderBy(desc(customerAddresses.createdAt))
        .get();
      if (next) await db.update(customerAddresses).set({ isDefault: true }).where(ownedBy(userId, next.id));
    }
    return c.body(null, 204);
  });
