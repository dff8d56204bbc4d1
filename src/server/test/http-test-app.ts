import { afterAll, beforeAll } from 'vitest'
import { listen } from './http-client.ts'
import { createTestApp } from './test-app.ts'

/**
 * For a test file: the real server on a fresh database, listening on a loopback port, trusting
 * X-Forwarded-For so each test client has its own address. Started once before the file's tests.
 */
export function httpTestApp(env: Record<string, string> = {}) {
  const server = {} as {
    harness: Awaited<ReturnType<typeof createTestApp>>
    http: Awaited<ReturnType<typeof listen>>
  }
  beforeAll(async () => {
    server.harness = await createTestApp({ env: { TRUST_PROXY: 'true', ...env } })
    server.http = await listen(server.harness.app.fetch)
  })
  afterAll(async () => {
    await server.http.close()
    await server.harness.close()
  })
  return server
}
