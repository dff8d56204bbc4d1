/**
 * npm run admin -- grant <email>     make the account with this e-mail address an admin
 * npm run admin -- revoke <email>    take the admin role away again
 * npm run admin -- reset-2fa <email> turn her two-step sign-in off (lost phone and backup codes):
 *                                    she signs in with her password and sets it up again
 *
 * Uses the same configuration as the server (DATABASE_URL, or PGlite in DATA_DIR). With the
 * embedded database, stop the server first: one process at a time may open it, and this refuses
 * to run while the server has it open (decision 0016).
 */
import { setAdminByEmail } from '#server/auth/commands/set-admin-by-email.ts'
import { resetTwoStepByEmail } from '#server/auth/commands/reset-two-step-by-email.ts'
import { loadEnv } from '#server/env.ts'
import { configuredDatabase, openForScript } from './open-database.ts'

const [command, email] = process.argv.slice(2)
const COMMANDS = ['grant', 'revoke', 'reset-2fa']
if (!command || !COMMANDS.includes(command) || !email) {
  console.error('Usage: npm run admin -- grant <email> | revoke <email> | reset-2fa <email>')
  process.exit(2)
}

const DONE: Record<string, string> = {
  grant: '{email} is now an admin.',
  revoke: '{email} is no longer an admin.',
  'reset-2fa':
    'Two-step sign-in is off for {email}, and every device of hers is signed out. She signs in with her password and sets it up again on the account page (an admin is asked to before the admin area opens).',
}

const env = loadEnv()
const database = await openForScript(configuredDatabase(env))
try {
  await database.migrate()
  const found =
    command === 'reset-2fa'
      ? await resetTwoStepByEmail(database.db, email)
      : await setAdminByEmail(database.db, email, command === 'grant')
  if (!found) {
    console.error(
      `No account with the e-mail address ${email}. Sign up first, then run this again.`,
    )
    process.exitCode = 1
  } else {
    console.log(DONE[command]?.replace('{email}', email))
  }
} finally {
  await database.close()
}
