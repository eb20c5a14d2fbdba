import { buttonClass } from '@gi/ui';
import type { ReactNode } from 'react';
import table from './table.module.css';

/** A row with its React key: removing a row leaves the next rows' fields with their own rows. */
export type Row<T> = T & { id: number };

let lastRowId = 0;
export const withRowId = <T extends object>(row: T): Row<T> => ({ ...row, id: ++lastRowId });

interface RowListProps<T extends object> {
  rows: Row<T>[];
  onChange: (rows: Row<T>[]) => void;
  /** A new, empty row. */
  blank: () => T;
  max: number;
  /** The rows that cannot be removed (a list that needs one keeps its last row). */
  min?: number;
  rowClassName: string | undefined;
  addLabel: string;
  removeLabel: (index: number) => string;
  /** A row's fields; `set` changes one of them. */
  children: (row: Row<T>, index: number, set: (field: keyof T, value: string) => void) => ReactNode;
  /** Shown between the rows and the add button, e.g. the list's error. */
  after?: ReactNode;
}

/** Rows of fields the admin adds and removes, up to `max`: opening hours, bank accounts. */
export function RowList<T extends object>({
  rows,
  onChange,
  blank,
  max,
  min = 0,
  rowClassName,
  addLabel,
  removeLabel,
  children,
  after,
}: RowListProps<T>) {
  const set = (index: number) => (field: keyof T, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  return (
    <>
      {rows.map((row, index) => (
        <div key={row.id} className={rowClassName}>
          {children(row, index, set(index))}
          <button
            type="button"
            className={table.danger}
            aria-label={removeLabel(index)}
            disabled={rows.length <= min}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            Hapus
          </button>
        </div>
      ))}
      {after}
      <div>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, withRowId(blank())])}
        >
          {addLabel}
        </button>
      </div>
    </>
  );
}
