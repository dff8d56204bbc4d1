/**
 * npm run db:backup -- FILE
 *
 * A consistent backup of the site's database (DATABASE_URL, or PGlite in DATA_DIR), taken while
 * the site runs: every table as of one moment, as gzip-compressed JSON lines that db:restore
 * reads into either engine (decision 0025). On the embedded database a running server is asked
 * for it through DATA_DIR's backup socket; without a server, the folder is read directly.
 * FILE appears only when the backup is complete.
 */
import { existsSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { openDatabase, type Database } from '#server/db/client.ts'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import { inspectBackupFile, writeBackup, writeBackupFile } from '#server/db/transfer/backup-file.ts'
import { requestBackup } from '#server/db/transfer/backup-socket.ts'
import { withoutPassword } from '#server/db/transfer/format-report.ts'
import { loadEnv } from '#server/env.ts'

const [file, ...rest] = process.argv.slice(2)
if (!file || rest.length > 0) {
  console.error(
    'Usage: npm run db:backup -- FILE   (for example backups/lendulet-$(date +%F).jsonl.gz)',
  )
  process.exit(2)
}
const path = resolve(file)
const env = loadEnv()
const started = performance.now()
let from: string

if (env.DATABASE_URL) {
  from = withoutPassword(env.DATABASE_URL)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL })
  try {
    await writeBackupFile(path, (output) => writeBackup(database, output))
  } finally {
    await database.close()
  }
} else {
  const dataDir = resolve(env.DATA_DIR)
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`)
    process.exit(1)
  }
  let database: Database | undefined
  try {
    database = await openDatabase({ dataDir })
    from = dataDir
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    if (error.reason !== 'running') {
      console.error(error.message)
      process.exit(1)
    }
    from = `${dataDir}, through the running server (pid ${error.owner.pid})`
  }
  try {
    await writeBackupFile(path, (output) =>
      database ? writeBackup(database, output) : requestBackup(dataDir, output),
    )
  } finally {
    await database?.close()
  }
}

// Read back through: a backup that cannot be read is no backup.
const { tables } = await inspectBackupFile(path)
const rows = tables.reduce((sum, table) => sum + table.rows, 0)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
const size = (statSync(path).size / 1024).toFixed(0)
console.log(
  `Backed up ${from} to ${path} in ${seconds} s: ${tables.length} tables, ${rows} rows, ${size} KB.`,
)
for (const table of tables)
  console.log(`  ${table.table.padEnd(32)} ${String(table.rows).padStart(8)}  ${table.checksum}`)
