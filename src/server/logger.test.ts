import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  freshSiteEnv,
  killStartedServers,
  removeFreshSites,
  startServer,
} from './test/server-process.ts'

describe('what the server prints', () => {
  afterEach(() => killStartedServers())
  afterAll(() => removeFreshSites())

  /** A new site (no admin yet, so the first-admin link is printed), started and stopped. */
  async function startAndStop(env: Record<string, string>): Promise<string[]> {
    const running = await startServer({ ...(await freshSiteEnv()), ...env })
    expect((await fetch(`http://127.0.0.1:${running.port}/api/health`)).status).toBe(200)
    running.child.kill('SIGTERM')
    expect(await running.exited).toBe(0)
    return running.output().split('\n').filter(Boolean)
  }

  it(
    'prints readable lines with LOG_FORMAT=pretty, the first-admin link among them',
    { timeout: 120_000 },
    async () => {
      const lines = await startAndStop({ LOG_FORMAT: 'pretty' })
      const link = lines.find((line) => line.includes('/admin-setup?token='))
      expect(link, lines.join('\n')).toMatch(
        /^\[\d\d:\d\d:\d\d\] WARN: No admin yet\. .*https?:\/\/\S+\/admin-setup\?token=\S+$/,
      )
      expect(link).not.toMatch(/[{}]/)
      expect(lines).toContainEqual(expect.stringMatching(/INFO: ready on http:\/\/localhost:\d+/))
      expect(lines).toContainEqual(expect.stringMatching(/INFO: GET \/api\/health 200 \d+ ms$/))
      expect(lines).toContainEqual(expect.stringMatching(/INFO: database closed, bye$/))
      for (const line of lines) expect(line).not.toMatch(/^\{/)
    },
  )

  it(
    'prints JSON lines when the output is not a terminal (and with LOG_FORMAT=json)',
    { timeout: 120_000 },
    async () => {
      for (const env of [{}, { LOG_FORMAT: 'json' }] as Record<string, string>[]) {
        const lines = await startAndStop(env)
        const records = lines.map((line) => JSON.parse(line) as { level: number; msg: string })
        expect(records.map((record) => record.msg)).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^No admin yet\. .*\/admin-setup\?token=\S+$/),
            expect.stringMatching(/^ready on http:\/\/localhost:\d+$/),
            'request',
            'database closed, bye',
          ]),
        )
      }
    },
  )
})
