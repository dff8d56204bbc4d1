import { createServer, type AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import en from '#shared/locales/en/errors.json' with { type: 'json' }
import { scrape } from '../test/scrape.ts'
import {
  freshSiteEnv,
  killStartedServers,
  removeFreshSites,
  startServer,
} from '../test/server-process.ts'

const TOKEN = 'metrics-token-for-the-tests-0123456789'

describe('METRICS_PORT', () => {
  afterEach(() => killStartedServers())
  afterAll(() => removeFreshSites())

  it(
    'serves /metrics there without a token, while the main port still asks for one',
    { timeout: 120_000 },
    async () => {
      const running = await startServer({
        ...(await freshSiteEnv()),
        METRICS_PORT: '0',
        METRICS_TOKEN: TOKEN,
      })
      const metricsPort = /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(
        running.output(),
      )?.[1]
      expect(metricsPort, running.output()).toBeDefined()
      const site = `http://127.0.0.1:${running.port}`
      const prometheus = `http://127.0.0.1:${metricsPort}`

      expect((await fetch(`${site}/api/health`)).status).toBe(200)
      const scraped = await fetch(`${prometheus}/metrics`)
      expect(scraped.status).toBe(200)
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      const metrics = scrape(await scraped.text())
      expect(
        metrics.value('lendulet_http_requests_total', {
          method: 'GET',
          route: '/api/health',
          status: '200',
        }),
      ).toBe(1)
      expect(metrics.value('lendulet_process_start_time_seconds')).toBeGreaterThan(0)
      // That port has nothing else.
      expect((await fetch(`${prometheus}/api/health`)).status).toBe(404)

      const refused = await fetch(`${site}/metrics?lang=en`)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({
        code: 'unauthorized',
        message: en.metrics.tokenRequired,
      })
      const opened = await fetch(`${site}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(opened.status).toBe(200)

      running.child.kill('SIGTERM')
      expect(await running.exited).toBe(0)
      await expect(fetch(`${prometheus}/metrics`)).rejects.toThrow()
    },
  )

  it('stops the server with one line when the port is taken', { timeout: 120_000 }, async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    try {
      const started = startServer({ ...(await freshSiteEnv()), METRICS_PORT: String(port) })
      await expect(started).rejects.toThrow(
        /exited with 1 .*\n.*METRICS_PORT: cannot listen \(.*EADDRINUSE/s,
      )
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})
