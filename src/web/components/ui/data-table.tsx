import type { ReactNode } from 'react'

type Breakpoint = 'sm' | 'md' | 'xl'
// Whole class names, so Tailwind finds them in the source.
const cellFrom: Record<Breakpoint, string> = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  xl: 'hidden xl:table-cell',
}
const inlineUntil: Record<Breakpoint, string> = {
  sm: 'sm:hidden',
  md: 'md:hidden',
  xl: 'xl:hidden',
}

export interface Column<Row> {
  key: string
  header: string
  /** Read out to screen readers only (a column of row actions). */
  headerHidden?: boolean
  cell: (row: Row) => ReactNode
  /** Classes added to this column's cells. */
  className?: string
  /** Narrower screens leave the column out... */
  hiddenBelow?: Breakpoint
  /** ...and show this under the first column's content instead (phones keep what matters). */
  inline?: (row: Row) => ReactNode
}

/**
 * An admin list as a table on a white card: a header row, one row per item, and one line for
 * "loading" (while `rows` is null) or "nothing found". Columns with `hiddenBelow` give way on
 * narrow screens; the first column is the one that always shows.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  emptyText,
  loadingText,
  className = '',
}: {
  columns: Column<Row>[]
  /** null until the first answer arrives. */
  rows: Row[] | null
  rowKey: (row: Row) => string
  emptyText: string
  /** Shown while `rows` is null; leave it out to show nothing (say, when the read failed). */
  loadingText?: string
  className?: string
}) {
  const inlined = columns.filter((column) => column.hiddenBelow && column.inline)
  const message = rows === null ? loadingText : rows.length === 0 ? emptyText : undefined
  return (
    <div className={`relative overflow-x-auto rounded-3xl bg-white ring-1 ring-ink/5 ${className}`}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-ink/10 text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-4 py-4 sm:px-5 ${column.headerHidden ? 'relative' : 'font-semibold'} ${column.hiddenBelow ? cellFrom[column.hiddenBelow] : ''}`}
              >
                {column.headerHidden ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/5">
          {rows?.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td
                  key={column.key}
                  className={`px-4 py-4 sm:px-5 ${column.hiddenBelow ? cellFrom[column.hiddenBelow] : ''} ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                  {index === 0 &&
                    inlined.map((other) => (
                      <p
                        key={other.key}
                        className={`mt-2 empty:hidden ${inlineUntil[other.hiddenBelow ?? 'sm']}`}
                      >
                        {other.inline?.(row)}
                      </p>
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {message && <p className="px-5 py-10 text-center text-ink-soft">{message}</p>}
    </div>
  )
}

/** The search box above an admin list. */
export function TableSearch({
  label,
  value,
  onChange,
  className = '',
}: {
  label: string
  value: string
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <input
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      placeholder={label}
      className={`h-11 w-full rounded-full border border-ink/15 bg-white px-5 focus:border-rose-deep sm:max-w-sm ${className}`}
    />
  )
}
