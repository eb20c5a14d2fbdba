import { z } from 'zod';
import { listQuerySchema } from './catalog.ts';
import { adminOrderListQuerySchema } from './orders.ts';

// CSV exports and the product import (decision 056): the exports take the filters of the admin's
// lists, the import a CSV file's text checked row by row before anything is written.

/** The orders export: the admin's orders list's search and status, every page. */
export const orderExportQuerySchema = adminOrderListQuerySchema.pick({ q: true, status: true });
/** The products and customers exports: the search of their lists. */
export const searchExportQuerySchema = listQuerySchema.pick({ q: true });

/** A product import's bounds: a file the Worker checks in one request, row by row. */
export const MAX_IMPORT_ROWS = 1000;
/**
 * Products one import writes: the real run reads each saved product twice and writes each in
 * about four D1 calls, and a Worker invocation may make 1,000 (decision 056).
 */
export const MAX_IMPORT_PRODUCTS = 150;
export const MAX_IMPORT_BYTES = 1024 * 1024;

export const productImportSchema = z.strictObject({
  csv: z
    .string({ error: 'Berkas CSV harus diisi' })
    .min(1, 'Berkas CSV kosong')
    .max(MAX_IMPORT_BYTES, 'Berkas CSV paling besar 1 MB'),
});
export type ProductImportInput = z.input<typeof productImportSchema>;

/** One row of the file (its line number, the header being row 1) and what the import does with it. */
export const importRowSchema = z.object({
  row: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** 'create': a new product or size; 'update': the size with this SKU. */
  action: z.enum(['create', 'update']),
  /** Every problem of the row, in Indonesian; empty: the row can be written. */
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importReportSchema = z.object({
  rows: z.array(importRowSchema),
  /** Rows with at least one error: the import writes nothing while any is left. */
  invalid: z.number().int(),
  /** Products written (0 on a dry run). */
  written: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
