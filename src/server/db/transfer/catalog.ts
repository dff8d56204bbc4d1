import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../client.ts'

/**
 * What the copy needs to know about a database, read from its own catalog at run time: the
 * tables the migrations made (whatever they are by now), their columns and keys, the foreign
 * keys between them and the sequences. Nothing here names a table of ours.
 */

export type Queryable = Db | Tx

export interface Column {
  name: string
  type: string
  /** A generated column (GENERATED ALWAYS AS ... STORED): never inserted, recomputed. */
  generated: boolean
  /** Text-like: sorted byte-wise (COLLATE "C") for the checksum, the same on every server. */
  collatable: boolean
}

export interface Table {
  name: string
  columns: Column[]
  primaryKey: string[]
  /** Tables this one points at by foreign key (itself excluded). */
  references: string[]
}

export interface Sequence {
  name: string
  /** The column it numbers (serial or identity), if it is owned by one. */
  ownedBy?: { table: string; column: string }
}

export interface Catalog {
  tables: Table[]
  sequences: Sequence[]
  /**
   * The database's own collation already sorts text byte-wise (C or POSIX, as PGlite's does).
   * Otherwise the checksum's order needs COLLATE "C", which cannot use the primary key's index:
   * a sort, harmless on PostgreSQL but slow in PGlite, whose large sorts spill to its file system.
   */
  bytewise: boolean
}

/** Rows of a raw query, whichever driver ran it (PGlite answers { rows }, postgres.js an array). */
export async function query<Row>(db: Queryable, statement: SQL | string): Promise<Row[]> {
  const result: unknown = await db.execute(
    typeof statement === 'string' ? sql.raw(statement) : statement,
  )
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[]
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`
export const tableRef = (name: string) => `public.${ident(name)}`

const truthy = (value: unknown) => value === true || value === 't' || value === 'true'

/** The ordinary tables and sequences in the public schema, where our migrations put everything. */
export async function readCatalog(db: Queryable): Promise<Catalog> {
  const columns = await query<{
    table: string
    column: string
    type: string
    generated: boolean
    collatable: boolean
  }>(
    db,
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
            a.attgenerated <> '' as "generated", t.typcollation <> 0 as "collatable"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
      where n.nspname = 'public' and c.relkind = 'r' and not c.relispartition
      order by c.relname, a.attnum`,
  )
  const keys = await query<{ table: string; column: string }>(
    db,
    `select c.relname as "table", a.attname as "column"
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(con.conkey) with ordinality as k(attnum, position)
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where con.contype = 'p' and n.nspname = 'public'
      order by c.relname, k.position`,
  )
  const foreign = await query<{ table: string; references: string }>(
    db,
    `select distinct c.relname as "table", r.relname as "references"
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_class r on r.oid = con.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where con.contype = 'f' and n.nspname = 'public'`,
  )
  const sequences = await query<{ name: string; table: string | null; column: string | null }>(
    db,
    `select s.relname as "name", t.relname as "table", a.attname as "column"
       from pg_class s
       join pg_namespace n on n.oid = s.relnamespace
       left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
            and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       left join pg_class t on t.oid = d.refobjid
       left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = 'public'
      order by s.relname`,
  )

  const [collation] = await query<{ bytewise: boolean }>(
    db,
    `select datcollate in ('C', 'POSIX') as "bytewise" from pg_database where datname = current_database()`,
  )
  const tables = new Map<string, Table>()
  for (const row of columns) {
    let table = tables.get(row.table)
    if (!table) {
      table = { name: row.table, columns: [], primaryKey: [], references: [] }
      tables.set(row.table, table)
    }
    table.columns.push({
      name: row.column,
      type: row.type,
      generated: truthy(row.generated),
      collatable: truthy(row.collatable),
    })
  }
  for (const row of keys) tables.get(row.table)?.primaryKey.push(row.column)
  for (const row of foreign)
    if (row.table !== row.references) tables.get(row.table)?.references.push(row.references)
  return {
    bytewise: truthy(collation?.bytewise),
    tables: copyOrder([...tables.values()]),
    sequences: sequences.map((row) => ({
      name: row.name,
      ...(row.table && row.column ? { ownedBy: { table: row.table, column: row.column } } : {}),
    })),
  }
}

/**
 * Tables ordered so that each comes after the tables it references: rows are then inserted
 * with every foreign key already satisfied (our keys are not deferrable). A cycle of foreign
 * keys between tables cannot be ordered, and is refused rather than guessed at.
 */
export function copyOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]))
  const ordered: Table[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (table: Table, path: string[]) => {
    const seen = state.get(table.name)
    if (seen === 'done') return
    if (seen === 'visiting')
      throw new Error(`Foreign keys form a cycle: ${[...path, table.name].join(' -> ')}`)
    state.set(table.name, 'visiting')
    for (const name of [...table.references].sort()) {
      const target = byName.get(name)
      if (target) visit(target, [...path, table.name])
    }
    state.set(table.name, 'done')
    ordered.push(table)
  }
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, [])
  return ordered
}

/**
 * The checksum's order, the same on every server: the primary key (or the whole row without one),
 * text byte-wise. `bytewise`: the database's collation already is (Catalog).
 */
export function orderBy(table: Table, { bytewise }: { bytewise: boolean }): string {
  const collate = bytewise ? '' : ' collate "C"'
  if (table.primaryKey.length === 0) return `to_jsonb(t)::text${collate}`
  return table.primaryKey
    .map((name) => {
      const column = table.columns.find((c) => c.name === name)
      return `t.${ident(name)}${column?.collatable ? collate : ''}`
    })
    .join(', ')
}

export interface TableSum {
  rows: number
  /** md5 over the md5 of each row's JSON (to_jsonb) in primary-key order, byte-wise for text. */
  checksum: string
}

/**
 * The same SQL on both engines. Both sides must run it with the same TimeZone (the copy sets UTC),
 * which decides how timestamps with time zone are written out.
 */
export async function tableSum(
  db: Queryable,
  table: Table,
  order: { bytewise: boolean },
): Promise<TableSum> {
  const [row] = await query<{ rows: string; checksum: string }>(
    db,
    `select count(*)::text as "rows",
            md5(coalesce(string_agg(md5(to_jsonb(t)::text), '' order by ${orderBy(table, order)}), '')) as "checksum"
       from ${tableRef(table.name)} t`,
  )
  if (!row) throw new Error(`no checksum for ${table.name}`)
  return { rows: Number(row.rows), checksum: row.checksum }
}

/** Drizzle's record of the migrations applied, oldest first; empty when there is none. */
export async function appliedMigrations(db: Queryable): Promise<number[]> {
  const [exists] = await query<{ exists: boolean }>(
    db,
    `select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  )
  if (!truthy(exists?.exists)) return []
  const rows = await query<{ created_at: string }>(
    db,
    `select created_at::text as "created_at" from drizzle.__drizzle_migrations order by id`,
  )
  return rows.map((row) => Number(row.created_at))
}

/** Every table outside the system's schemas, with whether it holds a row. */
export async function userTables(
  db: Queryable,
): Promise<{ schema: string; name: string; hasRows: boolean }[]> {
  const tables = await query<{ schema: string; name: string }>(
    db,
    `select n.nspname as "schema", c.relname as "name"
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      order by n.nspname, c.relname`,
  )
  const result = []
  for (const table of tables) {
    const [row] = await query<{ has: boolean }>(
      db,
      `select exists (select 1 from ${ident(table.schema)}.${ident(table.name)}) as "has"`,
    )
    result.push({ ...table, hasRows: truthy(row?.has) })
  }
  return result
}
