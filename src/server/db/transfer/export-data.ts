import { createHash } from 'node:crypto'
import type { Database } from '../client.ts'
import {
  appliedMigrations,
  orderBy,
  query,
  readCatalog,
  tableRef,
  tableSum,
  type Queryable,
  type TableSum,
} from './catalog.ts'

/**
 * One database's content as a stream of items: a header, then per table its columns and row
 * count, its rows in pages and their checksum, then the sequences. `db:move` feeds it straight to
 * the target, `db:backup` writes it to a file, `db:restore` reads it back (decision 0025).
 */

export const FORMAT = 'lendulet-data'
export const FORMAT_VERSION = 1

export interface Header {
  format: typeof FORMAT
  version: typeof FORMAT_VERSION
  createdAt: string
  driver: Database['driver']
  /** Drizzle's migrations applied to the source (their `when`), oldest first. */
  migrations: number[]
  /** The tables in copy order: each after those it references. */
  tables: string[]
}

export interface TableHeader {
  table: string
  columns: { name: string; type: string; generated: boolean }[]
  /** How many row items follow. */
  rows: number
}

export interface SequenceState {
  sequence: string
  /** bigint as text. */
  lastValue: string
  isCalled: boolean
  ownedBy?: { table: string; column: string }
}

export type TransferItem =
  | { kind: 'header'; header: Header }
  | { kind: 'table'; table: TableHeader }
  /** Each row is its to_jsonb text, never parsed in JavaScript (bigint, numeric stay exact). */
  | { kind: 'rows'; rows: string[] }
  /** After a table's rows: their checksum, as tableSum (catalog.ts) computes it. */
  | { kind: 'tableEnd'; checksum: string }
  | { kind: 'sequences'; sequences: SequenceState[] }
  | { kind: 'end' }

export type Sink = (item: TransferItem) => Promise<void>

/** Rows per page: small for tables with binary columns (images), so a page stays a few MB. */
export function pageRows(table: { columns: { type: string }[] }): number {
  return table.columns.some((column) => column.type === 'bytea') ? 16 : 500
}

/**
 * Reads everything inside one REPEATABLE READ, READ ONLY transaction: every table as of one
 * moment, while the site goes on writing (on PostgreSQL without waiting for it; on PGlite, whose
 * one connection the transaction holds, requests wait until it ends).
 */
export async function exportData(database: Pick<Database, 'db' | 'driver'>, sink: Sink) {
  await database.db.transaction(
    async (tx) => {
      await sessionSettings(tx)
      const catalog = await readCatalog(tx)
      await sink({
        kind: 'header',
        header: {
          format: FORMAT,
          version: FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          driver: database.driver,
          migrations: await appliedMigrations(tx),
          tables: catalog.tables.map((table) => table.name),
        },
      })
      for (const table of catalog.tables) {
        const [count] = await query<{ rows: string }>(
          tx,
          `select count(*)::text as "rows" from ${tableRef(table.name)}`,
        )
        const rows = Number(count?.rows)
        await sink({
          kind: 'table',
          table: {
            table: table.name,
            columns: table.columns.map(({ name, type, generated }) => ({ name, type, generated })),
            rows,
          },
        })
        // In the checksum's order (on PGlite the primary key's index order), so that the checksum
        // is computed here from the rows as they pass, the table read once: on PGlite the site
        // waits for this transaction.
        await query(
          tx,
          `declare transfer_rows no scroll cursor for
             select to_jsonb(t)::text as "row" from ${tableRef(table.name)} t
              order by ${orderBy(table, catalog)}`,
        )
        const checksum = createHash('md5')
        let sent = 0
        const size = pageRows(table)
        for (;;) {
          const page = await query<{ row: string }>(tx, `fetch ${size} from transfer_rows`)
          if (page.length === 0) break
          for (const { row } of page) checksum.update(createHash('md5').update(row).digest('hex'))
          sent += page.length
          await sink({ kind: 'rows', rows: page.map((row) => row.row) })
        }
        await query(tx, 'close transfer_rows')
        if (sent !== rows) throw new Error(`${table.name}: counted ${rows} rows, read ${sent}`)
        await sink({ kind: 'tableEnd', checksum: checksum.digest('hex') })
      }
      const sequences: SequenceState[] = []
      for (const sequence of catalog.sequences) {
        const [state] = await query<{ last_value: string; is_called: boolean | string }>(
          tx,
          `select last_value::text as "last_value", is_called from ${tableRef(sequence.name)}`,
        )
        if (!state) continue
        sequences.push({
          sequence: sequence.name,
          lastValue: state.last_value,
          isCalled: state.is_called === true || state.is_called === 't',
          ...(sequence.ownedBy ? { ownedBy: sequence.ownedBy } : {}),
        })
      }
      await sink({ kind: 'sequences', sequences })
      await sink({ kind: 'end' })
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/**
 * The settings that decide how values are written out as text, the same on both sides of a copy
 * so that checksums compare: timestamps with time zone in UTC, floats in their shortest exact form.
 */
export async function sessionSettings(tx: Queryable) {
  await query(tx, `set local timezone to 'UTC'`)
  await query(tx, `set local extra_float_digits to 1`)
  await query(tx, `set local bytea_output to 'hex'`)
}

/** Every table's row count and checksum, as of one moment (for checks and tests). */
export async function databaseSums(database: Pick<Database, 'db'>): Promise<Map<string, TableSum>> {
  return database.db.transaction(
    async (tx) => {
      await sessionSettings(tx)
      const sums = new Map<string, TableSum>()
      const catalog = await readCatalog(tx)
      for (const table of catalog.tables) sums.set(table.name, await tableSum(tx, table, catalog))
      return sums
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
