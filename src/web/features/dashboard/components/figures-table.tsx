import { useId } from 'react'

export interface FiguresRow {
  key: string
  /** What the row is about (a week, a campaign, an evening): its header cell. */
  label: string
  figures: (number | string)[]
}

/** A column's name, and a shorter one for a phone's narrow table (a language's code). */
export type FiguresHeader = string | { full: string; short: string }

const fullName = (header: FiguresHeader) => (typeof header === 'string' ? header : header.full)

function HeaderText({ header }: { header: FiguresHeader }) {
  if (typeof header === 'string') return header
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {header.short}
      </span>
      <span className="max-sm:sr-only">{header.full}</span>
    </>
  )
}

/**
 * A chart's numbers, beside it: a plain table named by its caption. A long one scrolls inside its
 * own box (which takes focus, so the keyboard scrolls it too), its header row staying in view.
 * With `listOnPhone`, a phone shows each row as a small block of labelled figures instead, as a
 * table of long names and five columns does not fit its width.
 */
export function FiguresTable({
  caption,
  headers,
  rows,
  listOnPhone = false,
}: {
  caption: string
  /** The first names the rows' labels; then one per figure. */
  headers: FiguresHeader[]
  rows: FiguresRow[]
  listOnPhone?: boolean
}) {
  const id = useId()
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-2xl ring-1 ring-ink/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-deep"
    >
      <p id={id} className="px-4 pt-3 pb-2 text-xs text-ink-soft">
        {caption}
      </p>
      <table
        aria-labelledby={id}
        className={`w-full text-left text-sm tabular-nums ${listOnPhone ? 'max-sm:hidden' : ''}`}
      >
        <thead className="sticky top-0 bg-cream text-xs text-ink-soft">
          <tr>
            {headers.map((header, index) => (
              <th
                key={fullName(header)}
                scope="col"
                className={`py-2 font-semibold ${index > 0 ? 'px-2 text-right last:pr-4 sm:px-3' : 'pr-2 pl-4'}`}
              >
                <HeaderText header={header} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/5">
          {rows.map((row) => (
            <tr key={row.key}>
              <th
                scope="row"
                className={`py-2 pr-2 pl-4 font-medium ${listOnPhone ? '' : 'whitespace-nowrap'}`}
              >
                {row.label}
              </th>
              {row.figures.map((figure, index) => (
                <td key={index} className="px-2 py-2 text-right last:pr-4 sm:px-3">
                  {figure}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {listOnPhone && (
        <ul aria-labelledby={id} className="divide-y divide-ink/5 text-sm tabular-nums sm:hidden">
          {rows.map((row) => (
            <li key={row.key} className="px-4 py-3">
              <p className="font-medium">{row.label}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-ink-soft">
                {row.figures.map((figure, index) => (
                  <div key={index} className="flex justify-between gap-2">
                    <dt>{fullName(headers[index + 1] ?? '')}</dt>
                    <dd className="font-semibold text-ink">{figure}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
