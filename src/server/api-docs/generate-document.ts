import { openDatabase } from '../db/client.ts'
import { parseEnv } from '../env.ts'
import { createLogger } from '../logger.ts'
import { createServer } from '../server.ts'

/** Where the document is committed, so that every change to the API shows in review. */
export const COMMITTED_DOCUMENT = new URL('../../../docs/api/openapi.json', import.meta.url)

/**
 * The API document as a fresh server with the default configuration serves it at
 * /api/openapi.json (on an in-memory database that lives as long as this call).
 */
export async function generateApiDocument(): Promise<unknown> {
  const database = await openDatabase({ dataDir: undefined })
  await database.migrate()
  const server = await createServer({
    env: parseEnv({ PUBLIC_URL: 'http://localhost:3000' }),
    database,
    logger: createLogger('silent'),
  })
  try {
    const response = await server.app.request('/api/openapi.json')
    if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`)
    return await response.json()
  } finally {
    await server.stop()
    await database.close()
  }
}

/** The committed file's text: two-space JSON and a final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`
