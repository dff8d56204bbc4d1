import type { ImportReport } from './import-data.ts'

/** What a move or restore prints: each table with its rows and checksum, then the sequences. */
export function formatReport(report: ImportReport): string {
  const width = Math.max(5, ...report.tables.map((table) => table.table.length))
  const lines = [`  ${'table'.padEnd(width)}  ${'rows'.padStart(8)}  checksum`]
  for (const table of report.tables)
    lines.push(
      `  ${table.table.padEnd(width)}  ${String(table.rows).padStart(8)}  ok ${table.checksum}`,
    )
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0)
  lines.push(`  ${'total'.padEnd(width)}  ${String(rows).padStart(8)}`)
  for (const sequence of report.sequences)
    lines.push(`  sequence ${sequence.sequence}: next value ${sequence.next}`)
  return lines.join('\n')
}

/** A database URL fit to print: without its password. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(the given URL)'
  }
}
