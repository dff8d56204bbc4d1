/**
 * npm run db:move -- postgres://user:password@host:5432/database
 *
 * Copies every table of the embedded database (PGlite in DATA_DIR) into an empty PostgreSQL
 * database, built by the same migrations, and checks each table's row count and checksum on both
 * sides. Stop the server first: this refuses while a process holds DATA_DIR (decision 0016).
 * All or nothing: on any refusal or mismatch the target is left as it was (decision 0025).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { openDatabase } from '#server/db/client.ts'
import { TransferCheckError, TransferRefusedError } from '#server/db/transfer/import-data.ts'
import { moveData } from '#server/db/transfer/move-data.ts'
import { formatReport, withoutPassword } from '#server/db/transfer/format-report.ts'
import { loadEnv } from '#server/env.ts'
import { recordJournalled } from '#server/newsletter/campaign-delivery.ts'
import { openSentJournal, SENT_JOURNAL_FILE } from '#server/newsletter/sent-journal.ts'
import { openForScript } from './open-database.ts'

const [url, ...rest] = process.argv.slice(2)
if (!url || rest.length > 0 || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Usage: npm run db:move -- postgres://user:password@host:5432/database')
  process.exit(2)
}

const env = loadEnv()
const dataDir = resolve(env.DATA_DIR)
if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  console.error(`There is no embedded database in ${dataDir} (DATA_DIR) to move.`)
  process.exit(1)
}

const started = performance.now()
const source = await openForScript({ dataDir })
let target: Awaited<ReturnType<typeof openDatabase>> | undefined
try {
  // The data as the current version of the site has it, as `npm start` would leave it.
  await source.migrate()
  // Campaign e-mails the SMTP server took and the database not yet heard of (a settle that failed
  // before the stop): recorded first, so that PostgreSQL does not send them again.
  const journalPath = join(dataDir, SENT_JOURNAL_FILE)
  if (existsSync(journalPath)) {
    const journal = openSentJournal(journalPath)
    try {
      await recordJournalled(source.db, journal)
    } finally {
      journal.close()
    }
  }
  target = await openDatabase({ databaseUrl: url })
  const report = await moveData(source, target)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`Moved ${dataDir} to ${withoutPassword(url)} in ${seconds} s:`)
  console.log(formatReport(report))
  console.log(
    'Every table arrived with the same row count and checksum. Start the site with DATABASE_URL set to this database; DATA_DIR stays where it is (keep it until you are sure).',
  )
} catch (error) {
  if (!(error instanceof TransferRefusedError || error instanceof TransferCheckError)) throw error
  console.error(`Nothing was moved: ${error.message}`)
  process.exitCode = 1
} finally {
  await target?.close()
  await source.close()
}
