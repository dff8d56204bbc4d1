import { inArray, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

/** Rows one clean-up statement touches at most: a short lock, and PGlite's one connection free again quickly. */
export const BATCH_ROWS = 1_000
/** Statements a clean-up runs in one pass at most; what is left waits for the next pass. */
export const MAX_BATCHES = 100

/**
 * The next batch of `table`'s rows matching `where`, locked for this statement. Rows another
 * process has locked are skipped, so two passes at once split the work and never wait on each
 * other or touch a row twice.
 */
export const nextBatch = (
  db: Pick<Db, 'select'>,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
) =>
  inArray(
    key,
    db
      .select({ key })
      .from(table)
      .where(where)
      .limit(BATCH_ROWS)
      .for('update', { skipLocked: true }),
  )

/** Runs `statement` (which handles one batch) until a batch comes back short, or MAX_BATCHES; returns the rows handled. */
export async function inBatches(statement: () => Promise<unknown[]>): Promise<number> {
  let total = 0
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const handled = (await statement()).length
    total += handled
    if (handled < BATCH_ROWS) break
  }
  return total
}

/** Deletes `table`'s rows matching `where`, BATCH_ROWS a statement (each its own transaction). */
export const deleteInBatches = (db: Db, table: PgTable, key: PgColumn, where: SQL | undefined) =>
  inBatches(() =>
    db
      .delete(table)
      .where(nextBatch(db, table, key, where))
      .returning({ key }),
  )

const DAY_MS = 24 * 60 * 60_000

/** The moment `days` whole days before `now`: rows older than it are past a retention period. */
export const daysBefore = (now: number, days: number) => new Date(now - days * DAY_MS)
