import { Link, type To } from '@gi/platform';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import styles from './table.module.css';

/**
 * Names each body cell after its column (`data-label`): on a phone the table's rows become
 * cards (table.module.css) and every value needs its heading beside it. Runs after each render,
 * as rows come and go with pages; a few dozen cells at most.
 */
function useColumnLabels(ref: RefObject<HTMLTableElement | null>, columns: readonly string[]) {
  useLayoutEffect(() => {
    for (const row of ref.current?.tBodies[0]?.rows ?? []) {
      Array.from(row.cells).forEach((cell, index) => {
        cell.dataset.label = columns[index] ?? '';
      });
    }
  });
}

interface LabelledTableProps {
  caption?: string;
  /** Column headings, in order; on a phone each cell shows its own beside the value. */
  columns: readonly string[];
  busy?: boolean;
  /** The `<tbody>` (and `<tfoot>`, if any). */
  children: ReactNode;
}

/** An admin table with column headings: a table on wide screens, one card per row on a phone. */
export function LabelledTable({ caption, columns, busy, children }: LabelledTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useColumnLabels(ref, columns);
  return (
    <table ref={ref} className={styles.table} aria-busy={busy}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}

/** A table that scrolls sideways on narrow screens; focusable so the keyboard can scroll it too. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={styles.region} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

interface DataTableProps {
  /** Name of the scrollable region. */
  label: string;
  caption: string;
  /** Column headings, in order. */
  columns: readonly string[];
  busy: boolean;
  /** The body rows. */
  children: ReactNode;
}

/** An admin list's table: captioned, with column headings, inside a scrollable region; cards on a phone. */
export function DataTable({ label, caption, columns, busy, children }: DataTableProps) {
  return (
    <TableRegion label={label}>
      <LabelledTable caption={caption} columns={columns} busy={busy}>
        <tbody>{children}</tbody>
      </LabelledTable>
    </TableRegion>
  );
}

interface RowActionsProps {
  /** Where the edit link goes. */
  editTo: To;
  /** The row's name, for the buttons' accessible labels. */
  name: string;
  /** Text of the delete button (and the start of its label). */
  deleteText: string;
  deleting: boolean;
  onDelete: () => void;
}

/** The Edit link and delete button at the end of a row. */
export function RowActions({ editTo, name, deleteText, deleting, onDelete }: RowActionsProps) {
  return (
    <div className={styles.actions}>
      <Link to={editTo} className={styles.action} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <button
        type="button"
        className={styles.danger}
        aria-label={`${deleteText} ${name}`}
        disabled={deleting}
        onClick={onDelete}
      >
        {deleteText}
      </button>
    </div>
  );
}
