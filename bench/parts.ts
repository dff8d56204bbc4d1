/**
 * The bench as a list of parts, each run in a guard: a part that throws gives one row saying it
 * did not run and why, and the others still run. The table shows every row with the machine's
 * load average (1 min) while it was measured.
 */
import { loadavg } from 'node:os'
import type { BenchRow } from './live-clients.ts'

export interface Part {
  name: string
  run: () => BenchRow[] | Promise<BenchRow[]>
}

export interface PartsResult {
  rows: BenchRow[]
  /** The parts that threw, with their reason. */
  didNotRun: { name: string; reason: string }[]
}

const load1 = () => (loadavg()[0] ?? 0).toFixed(1)

/** The first line of what a part threw, at most 300 characters, for its row. */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const line = text.split('\n').find((l) => l.trim() !== '') ?? 'no reason given'
  return line.length > 300 ? `${line.slice(0, 299)}…` : line
}

/**
 * Runs `parts` one after the other. Each row gets the load average at its part's start and end
 * (unless the part gave it one of its own); a part that threw gives the row
 * "<part>: did not run — <reason>", ✗, and its whole error goes to `log`.
 */
export async function runParts(
  parts: readonly Part[],
  log: (message: string) => void = (message) => console.error(message),
): Promise<PartsResult> {
  const rows: BenchRow[] = []
  const didNotRun: PartsResult['didNotRun'] = []
  for (const part of parts) {
    const loadBefore = load1()
    const started = performance.now()
    log(`bench: ${part.name}…`)
    try {
      const partRows = await part.run()
      const load = `${loadBefore} → ${load1()}`
      rows.push(...partRows.map((row) => ({ ...row, load: row.load ?? load })))
      log(`bench: ${part.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    } catch (error) {
      const reason = reasonOf(error)
      didNotRun.push({ name: part.name, reason })
      log(`bench: ${part.name} did not run: ${error instanceof Error ? error.stack : reason}`)
      rows.push({
        measure: `${part.name}: did not run — ${reason}`,
        value: '-',
        target: 'runs',
        ok: false,
        load: `${loadBefore} → ${load1()}`,
      })
    }
  }
  return { rows, didNotRun }
}

/** The rows as a Markdown table: measure, value, target, load average, ✓ or ✗. */
export function formatTable(rows: readonly BenchRow[]): string {
  const cells = (row: BenchRow) => [row.measure, row.value, row.target, row.load ?? '-']
  const header = ['measure', 'value', 'target', 'load (1 min)']
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => cells(row)[i]?.length ?? 0)),
  )
  const line = (values: string[]) =>
    `| ${values.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
  return [
    `${line(header)} ok`,
    `${line(widths.map((w) => '-'.repeat(w)))} --`,
    ...rows.map((row) => line(cells(row)) + (row.ok === null ? '' : row.ok ? ' ✓' : ' ✗')),
  ].join('\n')
}
