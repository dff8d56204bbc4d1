/**
 * npm run db:restore -- FILE
 *
 * Restores a backup made by db:backup into the site's database (DATABASE_URL, or PGlite in
 * DATA_DIR), which must be empty: a new PostgreSQL database, or a DATA_DIR that does not exist
 * yet. The schema is built by the migrations (those of the backup's version first, then the
 * newer ones), and each table's row count and checksum are checked against the backup's before
 * anything is committed (decision 0025). With the embedded database, the server must be stopped.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { openBackupFile } from '#server/db/transfer/backup-file.ts'
import {
  importData,
  TransferCheckError,
  TransferRefusedError,
} from '#server/db/transfer/import-data.ts'
import { formatReport, withoutPassword } from '#server/db/transfer/format-report.ts'
import { loadEnv } from '#server/env.ts'
import { configuredDatabase, openForScript } from './open-database.ts'

const [file, ...rest] = process.argv.slice(2)
if (!file || rest.length > 0) {
  console.error('Usage: npm run db:restore -- FILE')
  process.exit(2)
}
const path = resolve(file)
if (!existsSync(path)) {
  console.error(`No such file: ${path}`)
  process.exit(1)
}
const env = loadEnv()
const started = performance.now()
const into = env.DATABASE_URL ? withoutPassword(env.DATABASE_URL) : resolve(env.DATA_DIR)
const database = await openForScript(configuredDatabase(env))
try {
  const report = await importData(database, openBackupFile(path))
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `Restored ${path} (taken ${report.header.createdAt} from ${report.header.driver}) into ${into} in ${seconds} s:`,
  )
  console.log(formatReport(report))
  console.log('Every table has the same row count and checksum as in the backup.')
} catch (error) {
  if (!(error instanceof TransferRefusedError || error instanceof TransferCheckError)) throw error
  console.error(`Nothing was restored: ${error.message}`)
  process.exitCode = 1
} finally {
  await database.close()
}
