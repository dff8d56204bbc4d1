/**
 * The memory rows' floor (decision 0107): what Node itself holds at idle, with production's flags
 * and environment, as a bare node:http server, and beside it the database driver the site opens:
 *
 *   node bench/memory-floor.ts postgres URL     postgres.js, one query
 *   node bench/memory-floor.ts pglite FOLDER    PGlite opened on a data folder as the site opens it
 *
 * None of the site's own code. Prints `ready` once it listens; bench/memory.ts reads its resident
 * memory after the same wait as the server's.
 */
import { createServer } from 'node:http'

const [kind, where] = process.argv.slice(2)
if (kind === 'pglite' && where) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { prepareDataDir } = await import('#server/db/pglite-setup.ts')
  const client = await PGlite.create(where, prepareDataDir(where).options)
  await client.query('select count(*) from pg_class')
} else if (kind === 'postgres' && where) {
  const { default: postgres } = await import('postgres')
  const sql = postgres(where, { max: 10, onnotice: () => {} })
  await sql`select count(*) from pg_class`
} else if (kind !== 'bare') {
  console.error('usage: node bench/memory-floor.ts bare | postgres URL | pglite FOLDER')
  process.exit(2)
}
createServer((_, res) => res.end('ok')).listen(0, '127.0.0.1', () => console.log('ready'))
