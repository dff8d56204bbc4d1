import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverNodeFlags, serverProcessEnv } from './server-node-flags.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

export const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url))

export interface Running {
  child: ChildProcess
  port: number
  output: () => string
  exited: Promise<number | null>
}

const started = new Set<ChildProcess>()

/**
 * Kills (SIGKILL) every server this file started that is still running, and waits for them: for
 * an afterEach, so that a test that failed or timed out half-way does not leave a server holding
 * the database folder for the next one.
 */
export async function killStartedServers(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
  started.clear()
}

/**
 * Starts the real server process on a free port and waits for its ready line; with Node's own
 * options `nodeFlags` (by default production's, serverNodeFlags()), and `onSpawn` told of the
 * process at once (to watch it from its first moment). `script`: the server's program (by default
 * its source, src/server/main.ts; `npm run build`'s bundle in the bundle's own test).
 */
export function startServer(
  env: Record<string, string>,
  {
    nodeFlags = serverNodeFlags(),
    onSpawn,
    script = mainPath,
  }: { nodeFlags?: string[]; onSpawn?: (child: ChildProcess) => void; script?: string } = {},
): Promise<Running> {
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: { PATH: process.env.PATH, ...serverProcessEnv(), PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  onSpawn?.(child)
  started.add(child)
  child.once('exit', () => started.delete(child))
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const port = output.match(/ready on http:\/\/localhost:(\d+)/)?.[1]
      if (port) resolve({ child, port: Number(port), output: () => output, exited })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`)),
    )
  })
}

const freshFolders: string[] = []
const freshDatabases: TestDatabase[] = []

/**
 * The database settings of a new, empty site for a server process: a DATA_DIR of its own, or a
 * new PostgreSQL database when TEST_DATABASE_URL is set. removeFreshSites deletes them.
 */
export async function freshSiteEnv(): Promise<Record<string, string>> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase()
    freshDatabases.push(database)
    return { DATABASE_URL: database.url ?? '' }
  }
  const folder = mkdtempSync(join(tmpdir(), 'data-'))
  freshFolders.push(folder)
  return { DATA_DIR: folder }
}

/** For an afterAll, once the servers are stopped: every site freshSiteEnv made is gone. */
export async function removeFreshSites(): Promise<void> {
  for (const database of freshDatabases.splice(0)) await database.close()
  for (const folder of freshFolders.splice(0)) rmSync(folder, { recursive: true, force: true })
}
