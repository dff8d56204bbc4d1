import { randomUUID } from 'node:crypto'
import { and, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { jobLeases } from '../db/schema/job-leases.ts'
import type { JobLeases } from './scheduler.ts'

/**
 * Leases of scheduled jobs in the database (job_leases). Taking one is a single statement that
 * succeeds only while the last lease has run out, by the database's clock (so processes whose
 * clocks drift agree), which is atomic on PostgreSQL and on the embedded database alike: of
 * several processes asking at once, one gets it.
 */
export function databaseJobLeases(db: Db): JobLeases {
  return {
    async take(name, leaseMs) {
      const holder = randomUUID()
      const until = sql`now() + ${leaseMs}::integer * interval '1 millisecond'`
      const taken = await db
        .insert(jobLeases)
        .values({ name, holder, until })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, until },
          setWhere: lte(jobLeases.until, sql`now()`),
        })
        .returning({ holder: jobLeases.holder })
      return taken[0]?.holder === holder ? holder : null
    },
    async giveBack(name, holder) {
      await db
        .update(jobLeases)
        .set({ until: sql`now()` })
        .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
    },
  }
}
