import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { killStartedServers, mainPath, startServer } from './test/server-process.ts'
import { createTestDatabase, type TestDatabase } from './test/test-database.ts'

const journal = JSON.parse(
  readFileSync(new URL('./db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: unknown[]
}
const migrationCount = journal.entries.length

describe('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'data-'))
  let postgresDatabase: TestDatabase | undefined
  // Whatever happened in a test, none of its servers outlives it.
  afterEach(() => killStartedServers())
  afterAll(async () => {
    await postgresDatabase?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function databaseEnv(): Promise<Record<string, string>> {
    if (!process.env.TEST_DATABASE_URL) return { DATA_DIR: dataDir }
    postgresDatabase ??= await createTestDatabase()
    return { DATABASE_URL: postgresDatabase.url ?? '' }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `stops cleanly on ${signal} and starts again on the same data`,
      { timeout: 120_000 },
      async () => {
        const env = await databaseEnv()
        const first = await startServer(env)
        const health = await fetch(`http://127.0.0.1:${first.port}/api/health`)
        expect(health.status).toBe(200)

        first.child.kill(signal)
        expect(await first.exited).toBe(0)
        expect(first.output()).toContain('database closed')

        const second = await startServer(env)
        const again = await (await fetch(`http://127.0.0.1:${second.port}/api/health`)).json()
        expect(again.database).toMatchObject({ ok: true, migrations: migrationCount })
        second.child.kill('SIGTERM')
        expect(await second.exited).toBe(0)
      },
    )
  }

  it(
    'closes a request whose body never finishes arriving (REQUEST_TIMEOUT_MS)',
    { timeout: 120_000 },
    async () => {
      const running = await startServer({ ...(await databaseEnv()), REQUEST_TIMEOUT_MS: '1500' })
      try {
        const started = Date.now()
        // Announces 1,000 bytes and sends 10: Node's default would hold this for 300 s.
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(running.port, '127.0.0.1', () => {
            socket.write(
              'POST /api/newsletter/subscribe HTTP/1.1\r\nHost: localhost\r\n' +
                'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
            )
          })
          let received = ''
          socket.on('data', (chunk) => (received += chunk.toString()))
          socket.on('close', () => resolve(received))
          socket.on('error', reject)
        })
        expect(Date.now() - started).toBeLessThan(6000)
        expect(answer).toMatch(/^HTTP\/1\.1 408/)
        // The server is unharmed.
        expect((await fetch(`http://127.0.0.1:${running.port}/api/health`)).status).toBe(200)
      } finally {
        running.child.kill('SIGTERM')
        await running.exited
      }
    },
  )

  it('refuses to start with a clear message when the configuration is wrong', async () => {
    const child = spawn(process.execPath, [mainPath], {
      env: { PATH: process.env.PATH, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain('Invalid configuration')
    expect(stderr).toContain('PORT')
  })
})
