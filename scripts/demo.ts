/**
 * npm run demo               seed 40 demo members and a sample klikk event, ready to run
 * npm run demo -- --reset    delete the demo event and seed it afresh (the members are kept)
 *
 * Safe to run again: it only adds what is missing. Uses the same configuration as the server
 * (DATABASE_URL, or PGlite in DATA_DIR). With the embedded database, stop the server first: one
 * process at a time may open it, and this refuses to run while the server has it open (decision
 * 0016). A lock left by a killed server is noticed and taken over.
 */
import { resolve } from 'node:path'
import { DEMO_MEMBERS, seedDemo } from '#server/dev/demo-seed.ts'
import { loadEnv, publicUrl } from '#server/env.ts'
import { openForScript } from './open-database.ts'

const args = process.argv.slice(2)
const unknown = args.filter((arg) => arg !== '--reset')
if (unknown.length > 0) {
  console.error('Usage: npm run demo [-- --reset]')
  process.exit(2)
}

const env = loadEnv()
const dataDir = resolve(env.DATA_DIR)
const database = await openForScript(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir },
)
try {
  await database.migrate()
  const summary = await seedDemo(database.db, { reset: args.includes('--reset') })
  const { event, round } = summary
  const when = event.startTime.toLocaleString('hu-HU', { dateStyle: 'long', timeStyle: 'short' })
  const first = DEMO_MEMBERS[0]?.email
  const last = DEMO_MEMBERS.at(-1)?.email
  const late = summary.registered - summary.present

  console.log(
    [
      `Demo ready in ${env.DATABASE_URL ? 'the PostgreSQL at DATABASE_URL' : dataDir}.`,
      '',
      `  Members  ${summary.members} demo members (${first} … ${last}), ${summary.membersCreated} new now; they cannot sign in`,
      `  Event    "${event.eventName}"${summary.eventCreated ? ' (new)' : ' (already there, kept)'}`,
      `           ${when}, ${event.placeName}, ${event.address}; ${event.status}`,
      `  Tables   ${summary.tables.map((t) => `${t.name} (${t.seats})`).join(', ')}`,
      `  Present  ${summary.present} of ${summary.registered} registered${late > 0 ? `; ${late} late arrivals to check in` : ''}`,
      round
        ? `  Round ${round.number}  ${round.seated} people seated by the mixer; ${round.started ? 'started' : 'not started'}`
        : '  Rounds   none',
      '',
      'To run it:',
      `  1. npm start, then open ${publicUrl(env)}/admin signed in as an admin.`,
      `  2. Open "${event.eventName}", start the event, then start round ${round?.number ?? 1}.`,
      '     Check the late arrivals in, add the next rounds, and watch the mixer seat everyone.',
      '',
      'Not an admin yet? Sign up, then either list your address in ADMIN_EMAILS, open the',
      'one-time /admin-setup link the server prints at start while no account is an admin, or',
      'run `npm run admin -- grant <email>` (with the embedded database, server stopped).',
      '',
      'Run `npm run demo -- --reset` to start the demo event over.',
    ].join('\n'),
  )
} finally {
  await database.close()
}
