import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

const lines: { level: number; msg: string }[] = []
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string })
      done()
    },
  }),
)
let harness: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  harness = await createTestApp({ logger })
})
afterAll(() => harness.close())

describe('the log', () => {
  it('keeps only the start of a long invalid redirect URL, as a warning', async () => {
    const long = `https://evil.example/${'a'.repeat(20_000)}`
    const response = await harness.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: 'a@example.com', password: 'secret12', callbackURL: long }),
    })
    expect(response.status).toBe(403)
    const logged = lines.filter((line) => line.msg.includes('evil.example'))
    expect(logged.length).toBeGreaterThan(0)
    for (const line of logged) {
      expect(line.level).toBeLessThan(50)
      expect(line.msg.length).toBeLessThan(400)
    }
    expect(lines.every((line) => JSON.stringify(line).length < 2000)).toBe(true)
  })
})
