import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildServer } from '../../../scripts/build-server.ts'

/**
 * The server as `npm run build` bundles it (what production runs), built for one test file into
 * a folder of its own inside the project (the bundle finds PGlite in node_modules from where it
 * lies), and removed afterwards.
 */
export async function buildServerBundle(): Promise<{ script: string; remove: () => void }> {
  const folder = fileURLToPath(new URL(`../../../.tmp/server-${process.pid}`, import.meta.url))
  const script = await buildServer(folder)
  return { script, remove: () => rmSync(folder, { recursive: true, force: true }) }
}
