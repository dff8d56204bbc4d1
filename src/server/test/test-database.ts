import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDatabase, type Database } from '../db/client.ts'

export interface TestDatabase extends Database {
  /** The connection URL when the test runs on PostgreSQL (TEST_DATABASE_URL). */
  url?: string
}

/**
 * A fresh database built by the real migrations: in-memory PGlite by default, or a new
 * database on the PostgreSQL server in TEST_DATABASE_URL, dropped again on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: undefined })
    await database.migrate()
    return database
  }
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  await database.migrate()
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
