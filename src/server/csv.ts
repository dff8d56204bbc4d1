import type { Language } from '#shared/languages.ts'

/**
 * The delimiter a spreadsheet expects in each language's region: Excel takes the list separator
 * from the system's region, which is a semicolon wherever the comma is the decimal mark
 * (Hungary, Spain, Germany), and a comma in Britain.
 */
export const CSV_DELIMITER: Readonly<Record<Language, ',' | ';'>> = {
  hu: ';',
  en: ',',
  es: ';',
  de: ';',
}

/**
 * A cell as RFC 4180 wants it (quoted when it holds the delimiter, a quote mark or a line break);
 * a leading = + - @ (or tab/CR) is neutralised with a quote mark so a spreadsheet never runs
 * someone's "name" as a formula (CSV injection).
 */
export function csvCell(value: string, delimiter: ',' | ';' = ','): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  const special = delimiter === ',' ? /[",\r\n]/ : /[";\r\n]/
  return special.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows as a CSV document: CRLF line ends, UTF-8 with a BOM so Excel reads the accents right. */
export const csvDocument = (rows: readonly (readonly string[])[], delimiter: ',' | ';' = ',') =>
  `\uFEFF${rows.map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter)).join('\r\n')}\r\n`
