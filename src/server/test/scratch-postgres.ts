import { randomBytes } from 'node:crypto'
import postgres from 'postgres'

/**
 * Empty databases of our own on the PostgreSQL server in TEST_DATABASE_URL, named
 * `<prefix>_<random>`, for tests that need a database nothing has touched (db:move, db:restore):
 * `create()` makes one and returns its URL, `dropAll()` drops every one it made. A benchmark
 * names its server (`serverUrl`) instead.
 */
export function scratchDatabases(prefix: string, serverUrl?: string) {
  const names: string[] = []
  let admin: postgres.Sql | undefined
  return {
    async create(): Promise<string> {
      const server = serverUrl ?? process.env.TEST_DATABASE_URL
      if (!server) throw new Error('TEST_DATABASE_URL is not set')
      admin ??= postgres(server, { max: 1, onnotice: () => {} })
      const name = `${prefix}_${randomBytes(6).toString('hex')}`
      await admin.unsafe(`create database ${name}`)
      names.push(name)
      const url = new URL(server)
      url.pathname = `/${name}`
      return url.toString()
    },
    async dropAll() {
      for (const name of names.splice(0))
        await admin?.unsafe(`drop database if exists ${name} with (force)`)
      await admin?.end()
      admin = undefined
    },
  }
}
