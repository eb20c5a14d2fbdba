import {
  type AdminProductDetail,
  type ImportReport,
  type ImportRow,
  MAX_IMPORT_PRODUCTS,
  MAX_IMPORT_ROWS,
  type ProductFields,
  type ProductInput,
  productInputSchema,
} from '@gi/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { parseCsv } from '../lib/csv.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { findAdminProduct, insertProduct, StockChanged, updateProduct } from './products.ts';

// The product import (decision 056): a CSV file in the columns of the products export, one row
// per size, created or updated by its SKU. Every row is checked with the product form's own
// schema (its Indonesian messages) before anything is written; the write is product by product,
// each product's rows in one D1 batch, and starts only when no row has an error.

/** The columns read, by their header in the products export. */
const COLUMN = {
  productId: 'ID Produk',
  name: 'Nama Produk',
  sku: 'SKU',
  size: 'Ukuran (ml)',
  price: 'Harga (Rp)',
  stock: 'Stok',
  maxPerOrder: 'Maks. per Pesanan',
  weight: 'Berat (gram)',
  concentration: 'Konsentrasi',
  gender: 'Untuk',
  description: 'Deskripsi',
  image: 'Foto',
} as const;
type Field = keyof typeof COLUMN;
const REQUIRED: Field[] = ['sku', 'name', 'size', 'price', 'stock', 'weight'];

/** Where each of the schema's fields comes from, to name the column in an error. */
const SCHEMA_COLUMN: Record<string, string> = {
  name: COLUMN.name,
  description: COLUMN.description,
  image: COLUMN.image,
  images: COLUMN.image,
  concentration: COLUMN.concentration,
  gender: COLUMN.gender,
  size_ml: COLUMN.size,
  price: COLUMN.price,
  stock: COLUMN.stock,
  sku: COLUMN.sku,
  max_per_order: COLUMN.maxPerOrder,
  weight_grams: COLUMN.weight,
};

const invalidFile = (message: string) => new AppError(400, 'invalid_input', message, { csv: message });

interface Line {
  row: number;
  cell: (field: Field) => string;
  errors: string[];
  /** The saved size this row's SKU names. */
  existing?: { id: string; productId: string } | undefined;
}

/** The rows of one product: a saved one (its id) or a new one (its name in the file). */
interface Group {
  productId: string | undefined;
  lines: Line[];
}

/** The file's rows under their header; blank lines are skipped but keep the numbering. */
function readLines(csv: string): Line[] {
  const records = parseCsv(csv);
  if (!records) throw invalidFile('Berkas CSV tidak valid: ada tanda kutip yang tidak ditutup');
  const [header = [], ...rest] = records;
  const position = new Map(header.map((name, index) => [name.trim(), index]));
  const missing = REQUIRED.filter((field) => !position.has(COLUMN[field]));
  if (missing.length > 0) {
    throw invalidFile(`Kolom wajib tidak ada di baris judul: ${missing.map((f) => COLUMN[f]).join(', ')}`);
  }
  const lines = rest.flatMap((cells, index) =>
    cells.some((value) => value.trim() !== '')
      ? [
          {
            row: index + 2,
            cell: (field: Field) => cells[position.get(COLUMN[field]) ?? -1]?.trim() ?? '',
            errors: [],
          },
        ]
      : [],
  );
  if (lines.length === 0) throw invalidFile('Berkas CSV tidak berisi baris produk');
  if (lines.length > MAX_IMPORT_ROWS) {
    throw invalidFile(`Paling banyak ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris produk per impor`);
  }
  return lines;
}

const jsonIds = (values: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

/** The saved sizes of the file's SKUs and the saved products its 'ID Produk' cells name. */
async function lookUp(db: Db, lines: Line[]) {
  const skus = lines.map((line) => line.cell('sku')).filter(Boolean);
  const ids = lines.map((line) => line.cell('productId')).filter(Boolean);
  const [sizes, found] = await db.batch([
    db
      .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
      .from(productVariants)
      .where(sql`${productVariants.sku} IN ${jsonIds(skus)}`),
    db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.id} IN ${jsonIds(ids)}`),
  ]);
  return {
    sizeOf: new Map(sizes.map((size) => [size.sku as string, size])),
    productIds: new Set(found.map((row) => row.id)),
  };
}

/** Each row to its product; a row's own problems (SKU missing, twice, another product's) noted. */
async function group(db: Db, lines: Line[]): Promise<Group[]> {
  const { sizeOf, productIds } = await lookUp(db, lines);
  const firstRowOf = new Map<string, number>();
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const sku = line.cell('sku');
    const named = line.cell('productId');
    if (!sku) line.errors.push(`${COLUMN.sku}: SKU harus diisi (impor mencocokkan produk menurut SKU)`);
    else if (firstRowOf.has(sku)) {
      line.errors.push(`${COLUMN.sku}: SKU ini sudah ada di baris ${firstRowOf.get(sku)}`);
    } else firstRowOf.set(sku, line.row);
    line.existing = sizeOf.get(sku);
    if (named && !productIds.has(named)) {
      line.errors.push(`${COLUMN.productId}: Produk dengan ID ini tidak ada`);
    } else if (named && line.existing && line.existing.productId !== named) {
      line.errors.push(`${COLUMN.sku}: SKU ini milik produk lain (${line.existing.productId})`);
    }
    const productId = line.existing?.productId ?? (productIds.has(named) ? named : undefined);
    const key = productId ?? `baru:${line.cell('name').toLowerCase()}`;
    const found = groups.get(key) ?? { productId, lines: [] };
    found.lines.push(line);
    groups.set(key, found);
  }
  // Past this the run would stop at D1's calls per invocation with part of the file written.
  if (groups.size > MAX_IMPORT_PRODUCTS) {
    throw invalidFile(
      `Paling banyak ${MAX_IMPORT_PRODUCTS} produk per impor: bagi berkasnya menjadi beberapa`,
    );
  }
  return [...groups.values()];
}

/** A cell, or (blank, on a saved product) what is saved. */
const orSaved = <T>(text: string, saved: T): string | T => (text === '' ? saved : text);

/**
 * The form's input for a group: a new product from its rows, or a saved one with its rows'
 * sizes changed or added (its other sizes, photos, notes and trust marks as they are; the
 * stock compared with what is saved now, decision 025). Product columns come from the first
 * row; a later row that says otherwise is an error of that row.
 */
function productInput(lines: Line[], saved: AdminProductDetail | undefined): ProductInput {
  const [first] = lines as [Line, ...Line[]];
  for (const line of lines.slice(1)) {
    for (const field of ['name', 'description', 'concentration', 'gender'] as const) {
      const value = line.cell(field);
      if (value !== '' && value !== first.cell(field)) {
        line.errors.push(`${COLUMN[field]}: berbeda dengan baris ${first.row} untuk produk yang sama`);
      }
    }
  }
  const savedSizes = (saved?.variants ?? []).map((size) => ({
    id: size.id,
    size_ml: size.size_ml,
    price: size.price,
    stock: size.stock,
    sku: size.sku,
    max_per_order: size.max_per_order,
    weight_grams: size.weight_grams,
    length_cm: size.length_cm,
    width_cm: size.width_cm,
    height_cm: size.height_cm,
    // Not a column of the file: a saved size keeps its 'Kredit Sampel' (decision 061 part B).
    sample_credit: size.sample_credit,
    expected_stock: size.stock,
  }));
  const rowSizes = lines.map((line) => {
    const old = savedSizes.find((size) => size.id === line.existing?.id);
    return {
      ...old,
      sku: line.cell('sku'),
      size_ml: orSaved(line.cell('size'), old?.size_ml),
      price: orSaved(line.cell('price'), old?.price),
      stock: orSaved(line.cell('stock'), old?.stock),
      max_per_order: orSaved(line.cell('maxPerOrder'), old?.max_per_order),
      weight_grams: orSaved(line.cell('weight'), old?.weight_grams),
    };
  });
  const untouched = savedSizes.filter((size) => !lines.some((line) => line.existing?.id === size.id));
  return {
    name: orSaved(first.cell('name'), saved?.name),
    description: orSaved(first.cell('description'), saved?.description),
    concentration: orSaved(first.cell('concentration'), saved?.concentration),
    gender: orSaved(first.cell('gender'), saved?.gender),
    ...(saved
      ? { images: saved.images.map(({ url, widths }) => ({ url, widths })), notes: saved.notes }
      : { image: first.cell('image') || undefined }),
    variants: [...rowSizes, ...untouched],
  } as ProductInput;
}

/** The schema's issues on the rows they are about: a size's on its row, the product's on each. */
function noteIssues(lines: Line[], issues: z.core.$ZodIssue[]) {
  for (const issue of issues) {
    const [first, index, field] = issue.path;
    const column = SCHEMA_COLUMN[String(first === 'variants' ? field : first)] ?? '';
    const text = column ? `${column}: ${issue.message}` : issue.message;
    const line = first === 'variants' && typeof index === 'number' ? lines[index] : undefined;
    if (line) line.errors.push(text);
    else if (first === 'variants' && typeof index === 'number') {
      // A saved size the file left out, which the product's rules still read.
      (lines[0] as Line).errors.push(`Ukuran lain produk ini: ${text}`);
    } else for (const each of lines) each.errors.push(text);
  }
}

interface Checked {
  report: ImportReport;
  writes: { productId: string | undefined; fields: ProductFields }[];
}

/** The dry run: every row with its errors, and what the real run would write. */
export async function checkImport(db: Db, csv: string): Promise<Checked> {
  const lines = readLines(csv);
  const writes: Checked['writes'] = [];
  for (const { productId, lines: rows } of await group(db, lines)) {
    const saved = productId ? await findAdminProduct(db, productId) : undefined;
    const parsed = productInputSchema.safeParse(productInput(rows, saved));
    if (!parsed.success) noteIssues(rows, parsed.error.issues);
    else writes.push({ productId, fields: parsed.data });
  }
  const rows: ImportRow[] = lines.map((line) => ({
    row: line.row,
    sku: line.cell('sku'),
    name: line.cell('name'),
    action: line.existing ? 'update' : 'create',
    errors: line.errors,
  }));
  return {
    report: { rows, invalid: rows.filter((row) => row.errors.length > 0).length, written: 0 },
    writes,
  };
}

/**
 * The real run: refused whole (422, each row's first error in `fields`) while any row has an
 * error; else each product written in its own batch, in the file's order. A write a later
 * change refuses (a SKU taken, stock moved) stops the run there with the products before it
 * written, which the error says.
 */
export async function runImport(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  csv: string,
  adminId: string,
): Promise<ImportReport> {
  const { report, writes } = await checkImport(db, csv);
  if (report.invalid > 0) {
    const fields = Object.fromEntries(
      report.rows.flatMap((row) =>
        row.errors.length > 0 ? [[`baris ${row.row}`, row.errors.join('; ')]] : [],
      ),
    );
    throw new AppError(
      422,
      'import_invalid',
      `${report.invalid} baris masih salah: tidak ada yang ditulis. Perbaiki berkasnya lalu uji coba lagi.`,
      fields,
    );
  }
  let written = 0;
  for (const { productId, fields } of writes) {
    try {
      if (productId) await updateProduct(db, env, productId, fields, adminId);
      else await insertProduct(db, fields, adminId);
    } catch (err) {
      if (!(err instanceof StockChanged) && !isConstraintError(err, 'product_variants.sku')) throw err;
      throw new AppError(
        409,
        'import_interrupted',
        `Impor berhenti di produk "${fields.name}" karena datanya berubah sejak uji coba (SKU dipakai atau stok berubah); ${written} produk sebelumnya sudah tertulis. Uji coba lagi.`,
      );
    }
    written++;
  }
  return { ...report, written };
}
