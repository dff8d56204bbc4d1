import { afterAll, beforeAll } from 'vitest'
import { listen } from './http-client.ts'
import { createTestApp } from './test-app.ts'
import { startTestMailServer, type TestMailServer } from './test-mail-server.ts'

export interface HttpTestApp {
  harness: Awaited<ReturnType<typeof createTestApp>>
  http: Awaited<ReturnType<typeof listen>>
}

/**
 * For a test file: the real server on a fresh database, listening on a loopback port, trusting
 * X-Forwarded-For so each test client has its own address. Started once before the file's tests.
 */
export function httpTestApp(env: Record<string, string> = {}): HttpTestApp {
  const server = {} as HttpTestApp
  beforeAll(async () => {
    server.harness = await createTestApp({ env: { TRUST_PROXY: 'true', ...env } })
    server.http = await listen(server.harness.app.fetch, server.harness.live.hotRead)
  })
  afterAll(async () => {
    await server.http.close()
    await server.harness.close()
  })
  return server
}

/** As httpTestApp, with a real SMTP server that receives the app's e-mails. */
export function httpTestAppWithMail(
  env: Record<string, string> = {},
  { distDir }: { distDir?: string } = {},
): HttpTestApp & { mail: TestMailServer } {
  const server = {} as HttpTestApp & { mail: TestMailServer }
  beforeAll(async () => {
    server.mail = await startTestMailServer()
    server.harness = await createTestApp({
      env: { TRUST_PROXY: 'true', SMTP_URL: server.mail.url, ...env },
      distDir,
    })
    server.http = await listen(server.harness.app.fetch, server.harness.live.hotRead)
  })
  afterAll(async () => {
    await server.http.close()
    await server.harness.close()
    await server.mail.close()
  })
  return server
}
