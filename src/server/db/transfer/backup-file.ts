import { once } from 'node:events'
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import type { Database } from '../client.ts'
import {
  exportData,
  pageRows,
  type Header,
  type SequenceState,
  type TableHeader,
  type TransferItem,
} from './export-data.ts'
import { TransferCheckError } from './import-data.ts'

/**
 * A backup is the export's stream as gzip-compressed JSON lines (decision 0025):
 *
 *   {"header":{format, version, createdAt, driver, migrations, tables}}
 *   {"table":{table, columns, rows: N}}   then N lines, each one row (to_jsonb), then
 *   {"checksum":"…"}                         the table's checksum (catalog.ts, tableSum)
 *   ...
 *   {"sequences":[...]}
 *   {"end":true}
 *
 * Row lines are written and read back as text, never parsed: the database parses them.
 */

/** Writes a backup of `database` to `output` (a file, or the socket of a running server). */
export async function writeBackup(
  database: Pick<Database, 'db' | 'driver'>,
  output: Writable,
): Promise<void> {
  const gzip = createGzip()
  const written = pipeline(gzip, output)
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), written])
  }
  try {
    await exportData(database, async (item) => {
      for (const line of linesOf(item)) await write(line)
    })
    gzip.end()
    await written
  } catch (error) {
    gzip.destroy(error instanceof Error ? error : new Error(String(error)))
    await written.catch(() => {})
    throw error
  }
}

/** Writes FILE.partial, and renames it to FILE once complete: a FILE is always whole. */
export async function writeBackupFile(path: string, fill: (output: Writable) => Promise<void>) {
  const partial = `${path}.partial`
  const output = createWriteStream(partial, { flush: true })
  try {
    await fill(output)
    if (!output.writableFinished) await once(output, 'finish')
    renameSync(partial, path)
  } catch (error) {
    output.destroy()
    rmSync(partial, { force: true })
    throw error
  }
}

function* linesOf(item: TransferItem): Generator<string> {
  switch (item.kind) {
    case 'header':
      return yield JSON.stringify({ header: item.header })
    case 'table':
      return yield JSON.stringify({ table: item.table })
    case 'rows':
      return yield* item.rows
    case 'tableEnd':
      return yield JSON.stringify({ checksum: item.checksum })
    case 'sequences':
      return yield JSON.stringify({ sequences: item.sequences })
    case 'end':
      return yield JSON.stringify({ end: true })
  }
}

/** Reads a backup back as the export's stream; pages of rows as the export made them. */
export async function* readBackup(input: Readable): AsyncGenerator<TransferItem> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })
  const iterator = lines[Symbol.asyncIterator]()
  const next = async (): Promise<string> => {
    const line = await iterator.next()
    if (line.done) throw new TransferCheckError('The backup ends too early (incomplete file).')
    return line.value
  }
  try {
    const first = parse<{ header?: Header }>(await next())
    if (!first.header) throw new TransferCheckError('This is not a Lendület backup (no header).')
    yield { kind: 'header', header: first.header }
    for (;;) {
      const line = parse<{ table?: TableHeader; sequences?: SequenceState[] }>(await next())
      if (line.table) {
        yield { kind: 'table', table: line.table }
        const size = pageRows(line.table)
        let rows: string[] = []
        for (let i = 0; i < line.table.rows; i++) {
          rows.push(await next())
          if (rows.length === size) {
            yield { kind: 'rows', rows }
            rows = []
          }
        }
        if (rows.length > 0) yield { kind: 'rows', rows }
        const { checksum } = parse<{ checksum?: string }>(await next())
        if (typeof checksum !== 'string')
          throw new TransferCheckError('The backup is damaged (no checksum after a table).')
        yield { kind: 'tableEnd', checksum }
        continue
      }
      if (!line.sequences) throw new TransferCheckError('The backup is damaged (unexpected line).')
      yield { kind: 'sequences', sequences: line.sequences }
      if (!parse<{ end?: boolean }>(await next()).end)
        throw new TransferCheckError('The backup is damaged (no end after the sequences).')
      yield { kind: 'end' }
      return
    }
  } finally {
    lines.close()
    input.destroy()
  }
}

function parse<T>(line: string): T {
  try {
    return JSON.parse(line) as T
  } catch {
    throw new TransferCheckError('The backup is damaged (a line is not JSON).')
  }
}

/** Reads a whole backup file through: its header and tables, or why it is incomplete. */
export async function inspectBackupFile(path: string) {
  let header: Header | undefined
  const tables: { table: string; rows: number; checksum: string }[] = []
  let complete = false
  for await (const item of readBackup(createReadStream(path))) {
    if (item.kind === 'header') header = item.header
    if (item.kind === 'table')
      tables.push({ table: item.table.table, rows: item.table.rows, checksum: '' })
    if (item.kind === 'tableEnd') {
      const last = tables.at(-1)
      if (last) last.checksum = item.checksum
    }
    if (item.kind === 'end') complete = true
  }
  if (!header || !complete) throw new TransferCheckError('The backup is incomplete.')
  return { header, tables }
}

export const openBackupFile = (path: string) => readBackup(createReadStream(path))
