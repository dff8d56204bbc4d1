import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrationsFolder, type Database } from '../client.ts'
import {
  appliedMigrations,
  ident,
  query,
  readCatalog,
  tableRef,
  tableSum,
  userTables,
  type Queryable,
  type Table,
} from './catalog.ts'
import {
  FORMAT,
  FORMAT_VERSION,
  sessionSettings,
  type Header,
  type SequenceState,
  type TableHeader,
  type TransferItem,
} from './export-data.ts'

/** The copy will not run: the target is not empty, or the data is of a newer version. Nothing was written. */
export class TransferRefusedError extends Error {
  override readonly name = 'TransferRefusedError'
}

/** The copy ran but what arrived differs from what was sent; the target was rolled back. */
export class TransferCheckError extends Error {
  override readonly name = 'TransferCheckError'
}

export interface TableReport {
  table: string
  rows: number
  checksum: string
}

export interface ImportReport {
  header: Header
  tables: TableReport[]
  /** Each sequence's next value in the target. */
  sequences: { sequence: string; next: string }[]
}

/**
 * Writes a stream of items (export-data.ts) into an empty target, in one transaction: the
 * target ends up with all of it, every table's row count and checksum equal to the source's,
 * or with nothing.
 *
 * Empty means (decision 0025): no table with a row, except Drizzle's record of migrations and
 * the starting rows migrations write (SEEDED_BY_MIGRATIONS, replaced by the data's); and
 * no table at all unless the tables were made by this site's migrations (a server started on
 * the database once and stopped before anyone used it). Anything else is somebody's data.
 */
export async function importData(
  target: Database,
  items: AsyncIterable<TransferItem>,
): Promise<ImportReport> {
  const iterator = items[Symbol.asyncIterator]()
  const next = async () => {
    const item = await iterator.next()
    if (item.done) throw new TransferCheckError('The data ends too early.')
    return item.value
  }
  const first = await next()
  if (first.kind !== 'header' || first.header.format !== FORMAT)
    throw new TransferRefusedError('This is not a Lendület data stream (no header).')
  const header = first.header
  if (header.version !== FORMAT_VERSION)
    throw new TransferRefusedError(
      `The data is in format version ${header.version}; this version reads ${FORMAT_VERSION}.`,
    )

  await assertEmpty(target.db)
  const known = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis)
  if (!isPrefix(header.migrations, known))
    throw new TransferRefusedError(
      'The data comes from a newer version of the site (it has migrations this one does not know). Update the site first.',
    )
  if (!isPrefix(await appliedMigrations(target.db), header.migrations))
    throw new TransferRefusedError(
      'The target database was built by a newer version of the site than the data. Use a fresh, empty database.',
    )
  // The schema as it was when the data was taken; the migrations after it run on the data.
  const partial = header.migrations.length < known.length
  if (partial)
    await withMigrationsUpTo(header.migrations.length, (folder) =>
      target.migrate({ migrationsFolder: folder }),
    )
  else await target.migrate()

  const report = await target.db.transaction(async (tx) => {
    await sessionSettings(tx)
    // The rows arrive as they were: triggers that count changes (the newsletter's daily counts,
    // migration 0015) would count them a second time.
    await query(tx, `select set_config('lendulet.transfer', 'on', true)`)
    // Checked again inside the transaction: nobody wrote in the meantime.
    await assertEmpty(tx)
    const catalog = await readCatalog(tx)
    const tables = new Map(catalog.tables.map((table) => [table.name, table]))
    // The migrations' starting rows give way to the data's own (which has them, or the owner's).
    for (const name of SEEDED_BY_MIGRATIONS)
      if (tables.has(name)) await query(tx, `delete from ${tableRef(name)}`)
    const reports: TableReport[] = []
    let item = await next()
    while (item.kind === 'table') {
      const table = tables.get(item.table.table)
      if (!table) throw new TransferRefusedError(`The target has no table ${item.table.table}.`)
      const { report, following } = await copyTable(tx, table, item.table, next, catalog)
      reports.push(report)
      item = following
    }
    if (item.kind !== 'sequences')
      throw new TransferCheckError(`Unexpected ${item.kind} in the data.`)
    const sequences = await setSequences(tx, item.sequences)
    const last = await next()
    if (last.kind !== 'end')
      throw new TransferCheckError(`Unexpected ${last.kind} after the sequences.`)
    const missing = header.tables.filter((name) => !reports.some((r) => r.table === name))
    if (missing.length > 0)
      throw new TransferCheckError(`The data lacks the tables ${missing.join(', ')}.`)
    return { header, tables: reports, sequences }
  })
  if (partial) await target.migrate()
  return report
}

async function copyTable(
  tx: Queryable,
  table: Table,
  source: TableHeader,
  next: () => Promise<TransferItem>,
  order: { bytewise: boolean },
): Promise<{ report: TableReport; following: TransferItem }> {
  const insertable = table.columns.filter((column) => !column.generated)
  for (const column of source.columns) {
    const found = table.columns.find((c) => c.name === column.name)
    if (!found || found.type !== column.type)
      throw new TransferRefusedError(
        `${source.table}.${column.name} (${column.type}) has no match in the target${found ? ` (${found.type})` : ''}.`,
      )
  }
  const list = insertable.map((column) => ident(column.name)).join(', ')
  let copied = 0
  let item = await next()
  while (item.kind === 'rows') {
    // The rows travel as JSON text into jsonb_populate_recordset, which reads every value with its
    // column type's own input function: bytea from hex, timestamps with their offset, exact numbers.
    const into = sql.raw(tableRef(table.name))
    const columns = sql.raw(list)
    await query(
      tx,
      sql`insert into ${into} (${columns}) overriding system value
            select ${columns} from jsonb_populate_recordset(null::${into}, ${`[${item.rows.join(',')}]`}::jsonb)`,
    )
    copied += item.rows.length
    item = await next()
  }
  if (item.kind !== 'tableEnd')
    throw new TransferCheckError(`${table.name}: unexpected ${item.kind} after its rows.`)
  const expected = item.checksum
  const sum = await tableSum(tx, table, order)
  if (copied !== source.rows || sum.rows !== source.rows)
    throw new TransferCheckError(
      `${table.name}: ${source.rows} rows sent, ${copied} received, ${sum.rows} in the target.`,
    )
  if (sum.checksum !== expected)
    throw new TransferCheckError(
      `${table.name}: checksum ${sum.checksum} in the target, ${expected} in the source.`,
    )
  item = await next()
  return { report: { table: table.name, ...sum }, following: item }
}

/**
 * Each sequence continues where the source's did, and in any case after the largest id copied,
 * so that new rows never collide with copied ones.
 */
async function setSequences(tx: Queryable, sequences: SequenceState[]) {
  const result = []
  for (const sequence of sequences) {
    let value = BigInt(sequence.lastValue)
    let isCalled = sequence.isCalled
    if (sequence.ownedBy) {
      const [row] = await query<{ max: string | null }>(
        tx,
        `select max(${ident(sequence.ownedBy.column)})::text as "max" from ${tableRef(sequence.ownedBy.table)}`,
      )
      if (row?.max != null && BigInt(row.max) >= value) {
        value = BigInt(row.max)
        isCalled = true
      }
    }
    await query(
      tx,
      `select setval('${tableRef(sequence.sequence).replaceAll("'", "''")}', ${value}, ${isCalled})`,
    )
    result.push({ sequence: sequence.sequence, next: String(isCalled ? value + 1n : value) })
  }
  return result
}

/**
 * Tables whose rows a migration writes (a starting set the owner then edits: the conversation
 * starters, migration 0027). A new database has them, so they do not make it "not empty"; the
 * copy replaces them with the data's own.
 */
export const SEEDED_BY_MIGRATIONS: readonly string[] = ['conversation_questions']

/** Refuses a target that holds anything (see importData). */
export async function assertEmpty(db: Queryable) {
  const tables = await userTables(db)
  const journal = tables.some((t) => t.schema === 'drizzle' && t.name === '__drizzle_migrations')
  const withRows = tables.filter(
    (t) =>
      t.hasRows &&
      !(t.schema === 'drizzle' && t.name === '__drizzle_migrations') &&
      !(t.schema === 'public' && SEEDED_BY_MIGRATIONS.includes(t.name)),
  )
  if (withRows.length > 0)
    throw new TransferRefusedError(
      `The target database is not empty: ${withRows.map((t) => `${t.schema}.${t.name}`).join(', ')} ${withRows.length === 1 ? 'has' : 'have'} rows. Use a new, empty database.`,
    )
  const foreign = tables.filter((t) => t.schema !== 'public' && t.schema !== 'drizzle')
  if ((tables.length > 0 && !journal) || foreign.length > 0)
    throw new TransferRefusedError(
      `The target database has tables this site did not make (${(foreign.length > 0
        ? foreign
        : tables
      )
        .slice(0, 5)
        .map((t) => `${t.schema}.${t.name}`)
        .join(', ')}). Use a new, empty database.`,
    )
}

function isPrefix(prefix: number[], of: number[]) {
  return prefix.length <= of.length && prefix.every((value, i) => of[i] === value)
}

/** A copy of the migrations folder whose journal stops after the first `count` migrations. */
export async function withMigrationsUpTo(count: number, run: (folder: string) => Promise<void>) {
  const folder = mkdtempSync(join(tmpdir(), 'lendulet-migrations-'))
  try {
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] }
    journal.entries = journal.entries.slice(0, count)
    mkdirSync(join(folder, 'meta'))
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
    for (const entry of journal.entries)
      copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
    await run(folder)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
