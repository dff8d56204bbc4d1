import postgres from 'postgres'

/**
 * Runs `migrate` while holding a PostgreSQL advisory lock, so that server processes starting
 * together on one database apply the migrations one at a time: the first applies them, the
 * others wait and then find nothing left to do. (Drizzle's migrator takes no lock: two at once
 * both see a migration missing, and one of them fails creating what the other just created.)
 * The lock lives on a connection of its own, and ends with it should the process die.
 */
export async function withMigrationLock<T>(url: string, migrate: () => Promise<T>): Promise<T> {
  const lock = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await lock`select pg_advisory_lock(hashtext('lendulet:migrations'))`
    return await migrate()
  } finally {
    await lock.end()
  }
}
