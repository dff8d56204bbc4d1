import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { mainPath, startServer, type Running } from '../test/server-process.ts'
import { openDatabase } from './client.ts'
import { LOCK_FILE_NAME, type LockOwner } from './data-dir-lock.ts'
import { newsletterSubscribers } from './schema/index.ts'

/**
 * Issue 15, finding 2: two processes on one PGlite DATA_DIR lost data or destroyed the folder.
 * These run the real server, admin and demo processes against one folder.
 */

const scriptPath = (name: string) =>
  fileURLToPath(new URL(`../../../scripts/${name}`, import.meta.url))
const PUBLIC_URL = 'http://lendulet.test'
const IN_USE = 'is in use by another process'

describe('one process per PGlite DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'data-dir-'))
  const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true', PUBLIC_URL }
  const lockPath = join(dataDir, LOCK_FILE_NAME)
  const running = new Set<ChildProcess>()
  // A test that fails while its server runs must not leave it holding the lock for the next
  // test (a failed first test once made the second one fail on "in use by another process").
  afterEach(async () => {
    const left = [...running]
    for (const child of left) child.kill('SIGKILL')
    await Promise.all(
      left.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve()
            else child.once('exit', () => resolve())
          }),
      ),
    )
    rmSync(lockPath, { force: true })
  })
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start(): Promise<Running> {
    const server = await startServer(env)
    running.add(server.child)
    void server.exited.then(() => running.delete(server.child))
    return server
  }

  async function stop(server: Running) {
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }

  async function health(server: Running): Promise<number> {
    return (await fetch(`http://127.0.0.1:${server.port}/api/health`)).status
  }

  /** Runs a script to its end; `env` replaces the environment (only PATH is kept). */
  function run(args: string[], extraEnv: Record<string, string>) {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    running.add(child)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('exit', (code) => {
        running.delete(child)
        resolve({ code, stdout, stderr })
      }),
    )
  }

  function lockOwner(): LockOwner {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as LockOwner
  }

  it('refuses a second server, `npm run admin` and `npm run demo` at once while the server runs', async () => {
    const server = await start()
    const pid = server.child.pid
    expect(lockOwner().pid).toBe(pid)

    // All three at the same time: each is refused, and none disturbs the server's lock.
    const [second, admin, demo] = await Promise.all([
      run([mainPath], { ...env, PORT: '0', HOST: '127.0.0.1' }),
      run([scriptPath('admin.ts'), 'grant', 'x@example.com'], env),
      run([scriptPath('demo.ts')], env),
    ])
    const message = `${dataDir} ${IN_USE} (pid ${pid}`
    for (const result of [second, admin, demo]) {
      expect(result.code).toBe(1)
      expect(result.stdout + result.stderr).not.toMatch(/\n\s+at /)
    }
    // "At once": each ended while the server still held the lock (below), so none waited for
    // it; one that waited would never end, and the test would time out. No clock is read: on a
    // busy machine three Node starts alone took 20 s.
    // The server: one fatal log line naming the folder, the owner's pid and the way out.
    const fatal = (second.stdout + second.stderr)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 60)
    expect(fatal).toHaveLength(1)
    expect(fatal[0]?.msg).toContain(message)
    expect(fatal[0]?.msg).toContain('DATABASE_URL')
    expect(second.stdout).not.toContain('ready on')
    // The scripts print the same message.
    expect(admin.stderr).toContain(message)
    expect(demo.stderr).toContain(message)
    expect(demo.stdout).not.toContain('Demo ready')

    expect(await health(server)).toBe(200)
    expect(lockOwner().pid).toBe(pid)
    await stop(server)
    expect(existsSync(lockPath)).toBe(false)

    // With the server stopped, the admin command gets past the lock (and finds no such account).
    const after = await run([scriptPath('admin.ts'), 'grant', 'x@example.com'], env)
    expect(after.stderr).toContain('No account with the e-mail address x@example.com')
    expect(existsSync(lockPath)).toBe(false)
  }, 120_000)

  it('starts again after kill -9 during writes, and keeps every acknowledged write (5 times)', async () => {
    // Each round's server is the restart after the previous round's kill -9 (the first one
    // follows a clean stop); a last restart is stopped cleanly and the folder then checked.
    const acknowledged: string[][] = []
    for (let round = 0; round < 5; round++) {
      const server = await start()
      expect(await health(server), `round ${round}`).toBe(200)
      const ok: string[] = []
      acknowledged.push(ok)
      let next = 0
      let killed = false

      // Four writers subscribe distinct addresses, each request from its own client address,
      // until the server is killed (or 400 requests).
      const writer = async () => {
        while (!killed && next < 400) {
          const n = next++
          const email = `fault-${round}-${n}@example.com`
          try {
            const response = await fetch(
              `http://127.0.0.1:${server.port}/api/newsletter/subscribe`,
              {
                method: 'POST',
                headers: {
                  'Content-Type': 'application/json',
                  Origin: PUBLIC_URL,
                  'X-Forwarded-For': `198.18.${round}.${n % 250}`,
                },
                body: JSON.stringify({ email, name: 'Fault Test', source: 'landing' }),
              },
            )
            if (response.ok) ok.push(email)
            else if (!killed) throw new Error(`${response.status}: ${await response.text()}`)
          } catch (error) {
            if (!killed) throw error
          }
        }
      }
      const writers = Array.from({ length: 4 }, writer)
      // Kill with requests in flight, at a different point each round: after 5, 15, 25, ...
      // acknowledged writes, or after 3 s (15 s if none was acknowledged yet).
      const target = 5 + 10 * round
      const soft = Date.now() + 3_000
      const hard = Date.now() + 15_000
      while (ok.length < target && (Date.now() < soft || ok.length === 0) && Date.now() < hard)
        await new Promise((resolve) => setTimeout(resolve, 5))
      killed = true
      server.child.kill('SIGKILL')
      await Promise.all(writers)
      expect(await server.exited).toBe(null)
      expect(ok.length, `round ${round}`).toBeGreaterThan(0)
      // The killed server's lock is left behind: the next start must see that it is stale.
      expect(lockOwner().pid).toBe(server.child.pid)
    }

    const last = await start()
    expect(await health(last)).toBe(200)
    await stop(last)
    expect(existsSync(lockPath)).toBe(false)

    const database = await openDatabase({ dataDir })
    try {
      const rows = await database.db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
      const stored = new Set(rows.map((row) => row.email))
      const lost = acknowledged.map((emails) => emails.filter((email) => !stored.has(email)))
      expect(
        lost,
        `acknowledged per round: ${acknowledged.map((e) => e.length).join(', ')}`,
      ).toEqual(acknowledged.map(() => []))
    } finally {
      await database.close()
    }
  }, 180_000)
})
