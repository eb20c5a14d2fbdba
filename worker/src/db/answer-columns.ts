import { type Column, getTableColumns, getTableName, type SQL, type Table } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';

type Columns<T extends Table> = T['_']['columns'];
/** The column of `T` whose SQL name is `N` (never when none is). */
type ColumnNamed<T extends Table, N> = {
  [P in keyof Columns<T>]: Columns<T>[P]['_']['name'] extends N ? Columns<T>[P] : never;
}[keyof Columns<T>];
type Fields<S extends z.ZodObject, L> = Exclude<keyof z.output<S>, L> & string;
/** The fields of the answer that no column of `T` holds: each needs an expression. */
type Uncolumned<T extends Table, S extends z.ZodObject, L> = {
  [K in Fields<S, L>]: [ColumnNamed<T, K>] extends [never] ? K : never;
}[Fields<S, L>];

/** A selection in the answer's shape: drizzle reads each field's type from its column or expression. */
export type AnswerColumns<T extends Table, S extends z.ZodObject, C, L> = {
  [K in Fields<S, L>]: K extends keyof C ? C[K] : ColumnNamed<T, K>;
};

/**
 * The selection that reads rows of `table` in the shape of the answer `schema`, so no mapper
 * renames them: each field, in the schema's order (the JSON keeps it), is the column of that SQL
 * name (the answers' snake_case names are the columns' own) or the expression `computed` gives for
 * a field no column holds. Fields in `later` (nested lists) the caller adds after the read.
 */
export function answerColumns<
  T extends Table,
  S extends z.ZodObject,
  C extends Record<Uncolumned<T, S, L>, SQL> & Record<string, SQL>,
  L extends string = never,
>(table: T, schema: S, computed: C, later: readonly L[] = []): AnswerColumns<T, S, C, L> {
  const byName = new Map(Object.values(getTableColumns(table)).map((column) => [column.name, column]));
  const selection: Record<string, Column | SQL> = {};
  for (const field of Object.keys(schema.shape)) {
    if ((later as readonly string[]).includes(field)) continue;
    const source = computed[field] ?? byName.get(field);
    if (!source) throw new Error(`${getTableName(table)} has no column ${field}`);
    selection[field] = source;
  }
  return selection as AnswerColumns<T, S, C, L>;
}

/**
 * A row already in memory (one just written) in the shape `selection` reads from D1: each column's
 * value under the field's name, `computed` for the fields an expression reads.
 */
export function asAnswer<T extends Table, S extends Record<string, Column | SQL>>(
  table: T,
  selection: S,
  row: T['$inferSelect'],
  computed: Partial<SelectResultFields<S>>,
): SelectResultFields<S> {
  const property = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column, key]));
  const answer: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(selection)) {
    const key = property.get(source as Column);
    answer[field] =
      key === undefined ? computed[field as keyof typeof computed] : row[key as keyof typeof row];
  }
  return answer as SelectResultFields<S>;
}
