import {
  formatSize,
  type OrderActor,
  SAMPLE_MAX_ML,
  type SetComponents,
  type SetComponentsInput,
  setComponentMessages,
} from '@gi/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Db, nowIso } from '../db/client.ts';
import {
  orderItems,
  orderSetUnits,
  products,
  productVariants,
  stockChanges,
  variantComponents,
} from '../db/schema.ts';
import { auditRow } from '../lib/audit.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { markAsksDue } from './back-in-stock.ts';
import { shownStockSql } from './shown-stock.ts';
import { traceStock } from './stock.ts';

// Discovery sets (issue 41, decision 061): a size made of sample sizes of other products. The
// set's own stock is NULL while it is a set; what it can sell is its components' stock, which
// its orders take and their cancels put back (orders/record.ts, orders/transition.ts).

const v = productVariants;
const vc = variantComponents;

/** A set's samples by name as a JSON array for the answers' size objects; null for a plain size. */
export const setContentsSql = (alias: string) =>
  `(SELECT json_group_array(json_object('product_name', cp.name, 'size_ml', c.size_ml, 'quantity', vc.quantity)
    ORDER BY cp.name, c.size_ml)
    FROM variant_components AS vc
    JOIN product_variants AS c ON c.id = vc.component_variant_id
    JOIN products AS cp ON cp.id = c.product_id
    WHERE vc.set_variant_id = ${alias}.id HAVING count(*) > 0)`;

/** The set's components with their products, and the set's shown stock; undefined: no such size. */
export async function readSetComponents(db: Db, setId: string): Promise<SetComponents | undefined> {
  const [found, components] = await db.batch([
    db
      .select({ stock: sql<number | null>`${sql.raw(shownStockSql('"product_variants"'))}` })
      .from(v)
      .where(eq(v.id, setId)),
    db
      .select({
        variant_id: v.id,
        product_id: v.productId,
        product_name: products.name,
        size_ml: v.sizeMl,
        quantity: vc.quantity,
        stock: v.stock,
      })
      .from(vc)
      .innerJoin(v, eq(v.id, vc.componentVariantId))
      .innerJoin(products, eq(products.id, v.productId))
      .where(eq(vc.setVariantId, setId))
      .orderBy(asc(products.name), asc(v.sizeMl)),
  ]);
  const [set] = found;
  return set ? { stock: set.stock, components } : undefined;
}

const fieldRefusal = (fields: Record<string, string>) =>
  new AppError(
    422,
    'invalid_set_component',
    Object.values(fields)[0] ?? setComponentMessages.not_found,
    fields,
  );
const IN_ANOTHER_SET = 'Ukuran ini sudah menjadi isi set lain, jadi tidak dapat dijadikan set';

/**
 * Composes the set `setId` of sample sizes of other products (decision 061), in one batch with
 * its audit row. Becoming a set leaves its own stock uncounted (NULL); an empty list makes it a
 * plain size again, its stock counted from 0. Each change of the stock leaves its trace.
 */
export async function composeSet(
  db: Db,
  setId: string,
  input: { components: { variant_id: string; quantity: number }[] } & SetComponentsInput,
  adminId: string,
): Promise<SetComponents> {
  const ids = input.components.map((item) => item.variant_id);
  const [sets, parts, asComponent, current] = await db.batch([
    db.select({ id: v.id, productId: v.productId, stock: v.stock }).from(v).where(eq(v.id, setId)),
    db
      .select({
        id: v.id,
        productId: v.productId,
        sizeMl: v.sizeMl,
        isSet: sql<number>`EXISTS (SELECT 1 FROM ${vc} WHERE ${vc.setVariantId} = ${v.id})`,
      })
      .from(v)
      .where(inArray(v.id, ids.length > 0 ? ids : [''])),
    db.select({ id: vc.setVariantId }).from(vc).where(eq(vc.componentVariantId, setId)).limit(1),
    db
      .select({ id: vc.componentVariantId, quantity: vc.quantity })
      .from(vc)
      .where(eq(vc.setVariantId, setId))
      .orderBy(asc(vc.componentVariantId)),
  ]);
  const [set] = sets;
  if (!set) throw notFound('Ukuran tidak ditemukan');
  const byId = new Map(parts.map((part) => [part.id, part]));
  const refused: Record<string, string> = {};
  input.components.forEach((item, index) => {
    const part = byId.get(item.variant_id);
    const why = !part
      ? setComponentMessages.not_found
      : part.productId === set.productId
        ? setComponentMessages.same_product
        : part.isSet
          ? setComponentMessages.is_set
          : part.sizeMl === null || part.sizeMl > SAMPLE_MAX_ML
            ? setComponentMessages.not_sample
            : null;
    if (why) refused[`components.${index}.variant_id`] = why;
  });
  if (Object.keys(refused).length > 0) throw fieldRefusal(refused);
  if (input.components.length > 0 && asComponent.length > 0) {
    throw new AppError(409, 'size_in_a_set', IN_ANOTHER_SET);
  }
  const wasSet = current.length > 0;
  const isSet = input.components.length > 0;
  // A set counts no stock of its own; a size that stops being one is counted again, from 0.
  const stock = isSet ? null : wasSet ? 0 : set.stock;
  const now = nowIso();
  await db.batch([
    db.delete(vc).where(eq(vc.setVariantId, setId)),
    ...input.components.map((item) =>
      db
        .insert(vc)
        .values({ setVariantId: setId, componentVariantId: item.variant_id, quantity: item.quantity }),
    ),
    // The set's own row changes too (its updated_at at least): the edge cache's trigger bumps the
    // version, so guests see the new contents and stock.
    db.update(v).set({ stock, updatedAt: now }).where(eq(v.id, setId)),
    // Samples in stock make the set available with no stock of theirs changing: no trigger sees it.
    markAsksDue(db, setId),
    ...(stock === set.stock
      ? []
      : [
          traceStock(db, {
            variantId: setId,
            fromStock: set.stock,
            toStock: stock,
            reason: 'form',
            actorId: adminId,
          }),
        ]),
    auditRow(db, {
      actorId: adminId,
      entityType: 'product',
      entityId: set.productId,
      action: 'set_components',
      before: { variantId: setId, components: current },
      after: {
        variantId: setId,
        components: input.components
          .map((item) => ({ id: item.variant_id, quantity: item.quantity }))
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      },
    }),
  ]);
  return (await readSetComponents(db, setId)) as SetComponents;
}

/**
 * The order batch's statements that take its sets' component units (decision 061), right after
 * its items are written: which units (order_set_units, from the sets as they are in this
 * transaction), then the stock, whose CHECK refuses the batch below zero (a racing order took the
 * last sample), then the trace (decision 025). Nothing for an order without a set.
 */
export function takeSetUnits(db: Db, orderId: string, userId: string) {
  const units = sql`(SELECT ${orderSetUnits.units} FROM ${orderSetUnits} WHERE ${orderSetUnits.orderId} = ${orderId} AND ${orderSetUnits.variantId} = ${v.id})`;
  const taken = db
    .select({ id: orderSetUnits.variantId })
    .from(orderSetUnits)
    .where(eq(orderSetUnits.orderId, orderId));
  return [
    db.insert(orderSetUnits).select(
      db
        .select({
          orderId: sql<string>`${orderId}`.as('order_id'),
          variantId: sql<string>`${vc.componentVariantId}`.as('variant_id'),
          units: sql<number>`sum(${vc.quantity} * ${orderItems.quantity})`.as('units'),
        })
        .from(orderItems)
        .innerJoin(vc, eq(vc.setVariantId, orderItems.variantId))
        .where(eq(orderItems.orderId, orderId))
        .groupBy(vc.componentVariantId),
    ),
    db
      .update(v)
      .set({ stock: sql`${v.stock} - ${units}` })
      .where(inArray(v.id, taken)),
    traceSetUnits(db, orderId, { actor: 'customer', userId }, 'order', sql`1`),
  ] as const;
}

/**
 * The trace of an order's set units: for 'order' right after they were taken (from stock + units
 * to stock), for 'cancel' right before they go back (from stock to stock + units), under `when`.
 */
export function traceSetUnits(
  db: Db,
  orderId: string,
  who: { actor: OrderActor; userId?: string | undefined },
  reason: 'order' | 'cancel',
  when: SQL,
) {
  const u = orderSetUnits;
  const taking = reason === 'order';
  return db.insert(stockChanges).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(16)))`.as('id'),
        variantId: v.id,
        fromStock: (taking ? sql<number>`${v.stock} + ${u.units}` : sql<number>`${v.stock}`).as('from_stock'),
        toStock: (taking ? sql<number>`${v.stock}` : sql<number>`${v.stock} + ${u.units}`).as('to_stock'),
        reason: sql<'order' | 'cancel'>`${reason}`.as('reason'),
        orderId: sql<string>`${orderId}`.as('order_id'),
        actor: sql<OrderActor>`${who.actor}`.as('actor'),
        actorId: sql<string | null>`${who.userId ?? null}`.as('actor_id'),
        createdAt: sql<string>`${nowIso()}`.as('created_at'),
      })
      .from(u)
      .innerJoin(v, eq(v.id, u.variantId))
      .where(and(eq(u.orderId, orderId), sql`${v.stock} IS NOT NULL`, when)),
  );
}

/**
 * A cancel's return of its sets' units with their trace, for its batch before the status update
 * and under the same `notCancelled` as restockOrder's, so a second cancel returns nothing.
 */
export function restockSetUnits(
  db: Db,
  orderId: string,
  who: { actor: OrderActor; userId?: string | undefined },
  notCancelled: SQL,
) {
  const u = orderSetUnits;
  const units = sql`(SELECT ${u.units} FROM ${u} WHERE ${u.orderId} = ${orderId} AND ${u.variantId} = ${v.id})`;
  return [
    traceSetUnits(db, orderId, who, 'cancel', notCancelled),
    db
      .update(v)
      .set({ stock: sql`${v.stock} + ${units}`, updatedAt: nowIso() })
      .where(
        and(
          inArray(v.id, db.select({ id: u.variantId }).from(u).where(eq(u.orderId, orderId))),
          notCancelled,
        ),
      ),
  ] as const;
}

/** The sizes of `productId` that are discovery sets, for the product form's batch of reads. */
export const setsOfProduct = (db: Db, productId: string) =>
  db
    .selectDistinct({ id: vc.setVariantId })
    .from(vc)
    .where(inArray(vc.setVariantId, db.select({ id: v.id }).from(v).where(eq(v.productId, productId))));

const SET_STOCK = 'Stok set diambil dari stok sampel isinya: ubah stok sampelnya';

/** The product form's refusal of a stock typed for a set (its own stock stays uncounted). */
export const setStockRefusal = (indices: number[]) =>
  new AppError(
    422,
    'set_stock',
    SET_STOCK,
    Object.fromEntries(indices.map((index) => [`variants.${index}.stock`, SET_STOCK])),
  );

/**
 * The sets holding the sample sizes `samples` picks (SQL over product_variants), each with the
 * set's product name and size, through variant_components_component.
 */
export function setsHolding(db: Db, samples: SQL | undefined) {
  const set = alias(productVariants, 'set_size');
  const setProduct = alias(products, 'set_product');
  return (
    db
      // Named apart: the batch's rows come back keyed by column name, and both sizes have size_ml.
      .select({
        sampleId: v.id,
        sampleSizeMl: sql<number | null>`${v.sizeMl}`.as('sample_size_ml'),
        setName: sql<string>`${setProduct.name}`.as('set_name'),
        setSizeMl: sql<number | null>`${set.sizeMl}`.as('set_size_ml'),
        quantity: vc.quantity,
      })
      .from(v)
      .innerJoin(vc, eq(vc.componentVariantId, v.id))
      .innerJoin(set, eq(set.id, vc.setVariantId))
      .innerJoin(setProduct, eq(setProduct.id, set.productId))
      .where(samples)
      .orderBy(asc(setProduct.name), asc(set.sizeMl))
  );
}

/**
 * The sets that hold a sample size of `productId`, for the batch of reads before a save or a
 * delete that may remove its sizes (through product_variants' product index, then
 * variant_components_component).
 */
export const setsHoldingSamplesOf = (db: Db, productId: string) =>
  setsHolding(db, eq(v.productId, productId));

/** A set as its messages name it: '"Set Pria 10 ml"'. */
export const quotedSetName = (row: { setName: string; setSizeMl: number | null }) =>
  `"${row.setName} ${formatSize(row.setSizeMl)}"`;

/**
 * Refuses (409, nothing changed) removing the sizes `removed` while a set holds one: the foreign
 * key would take the sample out of the set, which the shop would go on selling without it.
 */
export function refuseRemovingSamples(
  held: Awaited<ReturnType<typeof setsHoldingSamplesOf>>,
  removed: (sampleId: string) => boolean,
) {
  const holding = held.filter((row) => removed(row.sampleId));
  if (holding.length === 0) return;
  const unique = (names: string[]) => [...new Set(names)].join(', ');
  const sizes = unique(holding.map((row) => formatSize(row.sampleSizeMl)));
  const sets = unique(holding.map(quotedSetName));
  throw new AppError(
    409,
    'sample_in_set',
    `Ukuran ${sizes} ada di Set Discovery ${sets}; keluarkan dulu dari set itu.`,
  );
}
