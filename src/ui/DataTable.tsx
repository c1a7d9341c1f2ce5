import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

/** A column heading: its text (or element), or that with a class for the heading cell. */
export type Column = ReactNode | { label: ReactNode; className?: string };

const isLabelled = (column: Column): column is { label: ReactNode; className?: string } => typeof column === 'object' && column !== null && 'label' in column;

interface DataTableProps<Row> {
  /** The rows; `null` while they load (a spinner with `loadingLabel` stands in for the table). */
  rows: readonly Row[] | null;
  /** One `<tr>` for a row. */
  row: (row: Row) => ReactNode;
  /** The column headings, in order (each a `<th scope="col">`). */
  columns: readonly Column[];
  /** The table's classes after `table` (e.g. `align-middle table-stack`). */
  className?: string;
  /** The table's caption, read by screen readers (hidden unless `captionClassName` says otherwise). */
  caption?: ReactNode;
  captionClassName?: string;
  /** What the spinner says while the rows load. */
  loadingLabel?: string;
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: ReactNode;
}

/** The table every list of records is shown in: loading, empty, or the rows under their headings. */
export function DataTable<Row>({
  rows,
  row,
  columns,
  className = '',
  caption,
  captionClassName = 'visually-hidden',
  loadingLabel,
  empty,
}: DataTableProps<Row>) {
  if (rows === null) return <Spinner label={loadingLabel} />;
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <div className="table-responsive">
      <table className={`table ${className}`.trim()}>
        {caption && <caption className={captionClassName}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) =>
              isLabelled(column) ? (
                <th key={i} scope="col" className={column.className}>
                  {column.label}
                </th>
              ) : (
                <th key={i} scope="col">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}
