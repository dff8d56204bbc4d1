import { describe, expect, it } from 'vitest'
import { eventStateSchema } from '#shared/live-state.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { seedEvening } from '../test/seed-evening.ts'

const server = httpTestApp()

/** An answer as a client sees it, without what is the moment's own (its date, server time). */
async function seen(response: Response) {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'x-server-time'].includes(name)),
  )
  return { status: response.status, headers, body: await response.text() }
}

/** One evening for the file (one event runs at a time). */
let shared: ReturnType<typeof seededEvening> | undefined
const evening = () => (shared ??= seededEvening())

async function seededEvening() {
  const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
  const post = async (path: string, body: unknown = {}) => {
    const response = await admin.client.post(path, body)
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300)
    return (await response.json()) as { id: string }
  }
  const guest = await seedMember(server.harness, server.http.origin)
  const { userCode } = (await (await guest.client.get('/api/me')).json()) as { userCode: string }
  const { eventId, roundId } = await seedEvening(post, { eventName: 'Hot', present: [userCode] })
  return { post, eventId, roundId: roundId ?? '', guest }
}

describe('the klikkscreen state read, read again', () => {
  it('gives the same answer every time, with or without an Origin, the clock aside', async () => {
    const { eventId, guest } = await evening()
    const path = `/api/klikkscreen?eventId=${eventId}`
    for (const origin of [undefined, '']) {
      const headers = origin === undefined ? undefined : { origin }
      const first = await seen(await guest.client.request(path, { headers }))
      expect(first.status).toBe(200)
      expect(first.headers['content-security-policy']).toContain("default-src 'self'")
      expect(first.headers['x-content-type-options']).toBe('nosniff')
      for (let read = 0; read < 3; read++) {
        const again = await guest.client.request(path, { headers })
        expect(Math.abs(Number(again.headers.get('x-server-time')) - Date.now())).toBeLessThan(
          5_000,
        )
        expect(await seen(again)).toEqual(first)
      }
    }
  })

  it('shows a change at the next read, not the answer before it', async () => {
    const { post, eventId, roundId, guest } = await evening()
    const path = `/api/klikkscreen?eventId=${eventId}`
    const read = async () => eventStateSchema.parse(await (await guest.client.get(path)).json())
    expect((await read()).round).toBeNull()
    expect((await read()).round).toBeNull()
    await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
    expect((await read()).round).toMatchObject({ roundNumber: 1, started: true })
  })

  it('is not given to a request without a signed-in session, after one that had it', async () => {
    const { eventId, guest } = await evening()
    const path = `/api/klikkscreen?eventId=${eventId}`
    expect((await guest.client.get(path)).status).toBe(200)
    expect((await guest.client.get(path)).status).toBe(200)
    const stranger = browserClient(server.http.origin)
    const refused = await stranger.get(path)
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { code: string }).code).toBe('unauthorized')
    const forged = await stranger.request(path, {
      headers: { cookie: 'better-auth.session_token=not-a-session' },
    })
    expect(forged.status).toBe(401)
  })
})
