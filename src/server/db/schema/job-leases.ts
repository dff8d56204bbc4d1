import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Who runs a leased job of the scheduler now (scheduler/job-lease.ts): one row per job, taken by
 * one statement while its lease has run out, so that of several server processes on one
 * database only one runs it at a time. Holds no one's data.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** The run that holds it (random, one per run). */
  holder: text('holder').notNull(),
  /** The database's time when the lease runs out, taken or not. */
  until: timestamp('until', { withTimezone: true }).notNull(),
})
