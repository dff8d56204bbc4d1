/**
 * A cell as RFC 4180 wants it; a leading = + - @ (or tab/CR) is neutralised with a quote mark so
 * a spreadsheet never runs someone's "name" as a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows as a CSV document: CRLF line ends, UTF-8 with a BOM so Excel reads the accents right. */
export const csvDocument = (rows: readonly (readonly string[])[]) =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
