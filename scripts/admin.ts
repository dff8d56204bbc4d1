/**
 * npm run admin -- grant <email>     make the account with this e-mail address an admin
 * npm run admin -- revoke <email>    take the admin role away again
 *
 * Uses the same configuration as the server (DATABASE_URL, or PGlite in DATA_DIR). With the
 * embedded database, stop the server first: one process at a time may open it, and this refuses
 * to run while the server has it open (decision 0016).
 */
import { setAdminByEmail } from '#server/auth/admin-setup.ts'
import { loadEnv } from '#server/env.ts'
import { configuredDatabase, openForScript } from './open-database.ts'

const [command, email] = process.argv.slice(2)
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant <email> | revoke <email>')
  process.exit(2)
}

const env = loadEnv()
const database = await openForScript(configuredDatabase(env))
try {
  await database.migrate()
  const found = await setAdminByEmail(database.db, email, command === 'grant')
  if (!found) {
    console.error(
      `No account with the e-mail address ${email}. Sign up first, then run this again.`,
    )
    process.exitCode = 1
  } else {
    console.log(
      command === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`,
    )
  }
} finally {
  await database.close()
}
