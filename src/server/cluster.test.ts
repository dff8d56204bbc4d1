import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './db/client.ts'
import { outbox } from './db/schema/outbox.ts'
import { browserClient } from './test/http-client.ts'
import { nginxPath, startNginx } from './test/nginx.ts'
import { scratchDatabases } from './test/scratch-postgres.ts'
import { seedMember } from './test/seed.ts'
import { seedEvening } from './test/seed-evening.ts'
import { killStartedServers, startServer, type Running } from './test/server-process.ts'
import { sseReader } from './test/sse.ts'
import {
  startTestMailServer,
  type ReceivedMail,
  type TestMailServer,
} from './test/test-mail-server.ts'

// Several server processes on one PostgreSQL behind nginx (decision 27): two real processes, A
// and B, on a fresh database, and in front of them the real nginx running docs/deploy/nginx.conf's
// rules when it is installed. Requests go to one process or the other directly (with the
// X-Forwarded-For a proxy would write: TRUST_PROXY=1), or through nginx.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const scratch = scratchDatabases('cluster')
  const received: ReceivedMail[] = []
  let mail: TestMailServer | undefined
  let mailPort = 0
  let database: Database | undefined
  let a: Running
  let b: Running
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined
  const originOf = (server: Running) => `http://127.0.0.1:${server.port}`

  async function startMail() {
    // Closing lets open connections go at once (smtp-server waits 30 s by default).
    mail = await startTestMailServer({ listenPort: mailPort, closeTimeoutMs: 100 })
    mailPort = Number(new URL(mail.url).port)
    const instance = mail
    // Every message either instance receives, in one list.
    const push = instance.received.push.bind(instance.received)
    instance.received.push = (...mails) => {
      received.push(...mails)
      return push(...mails)
    }
  }

  beforeAll(async () => {
    const url = await scratch.create()
    await startMail()
    const env = {
      DATABASE_URL: url,
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: '1',
      SMTP_URL: mail?.url ?? '',
      MIXER_TIME_MS: '100',
    }
    // Both at once on an empty database: one applies the migrations, the other waits for it.
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
    database = await openDatabase({ databaseUrl: url })
    if (nginxPath())
      proxy = await startNginx({ upstreams: [a, b].map((server) => `127.0.0.1:${server.port}`) })
  }, 120_000)

  afterAll(async () => {
    await proxy?.stop()
    for (const server of [a, b]) server?.child.kill('SIGTERM')
    await Promise.race([
      Promise.all([a?.exited, b?.exited]),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ])
    await killStartedServers()
    await database?.close()
    await mail?.close()
    await scratch.dropAll()
  }, 60_000)

  /** A confirmed member signed in through `server`, an admin if asked. */
  async function member(server: Running, options: { isAdmin?: boolean } = {}) {
    if (!database) throw new Error('no database')
    return seedMember({ database }, originOf(server), options)
  }

  /** The same browser (its cookies) talking to another origin: process B, or the proxy. */
  function sameBrowserAt(
    origin: string,
    client: ReturnType<typeof browserClient>,
    address?: string,
  ) {
    const other = browserClient(origin)
    for (const [name, value] of client.cookies) other.cookies.set(name, value)
    return {
      get: (path: string) =>
        other.request(path, { headers: address ? { 'x-forwarded-for': address } : {} }),
    }
  }

  it('a registration sent to process A appears on the admin list served by process B', async () => {
    const admin = await member(a, { isAdmin: true })
    const guest = await member(a)
    const { eventId } = await seedEvening(
      async (path, body) => {
        const response = await admin.client.post(path, body ?? {})
        expect(response.status, path).toBeLessThan(300)
        return response.json()
      },
      { eventName: 'Across processes', started: false, seated: false },
    )
    const adminOnB = sameBrowserAt(originOf(b), admin.client)
    const list = async () => {
      const response = await adminOnB.get('/api/admin/events')
      expect(response.status).toBe(200)
      const { events } = (await response.json()) as {
        events: { id: string; participants: { registered: number } }[]
      }
      return events.find((event) => event.id === eventId)
    }
    const stream = sseReader(await adminOnB.get('/api/admin/events/live'))
    try {
      await stream.next('hello')
      expect((await list())?.participants.registered).toBe(0)

      const registered = await guest.client.post(`/api/events/${eventId}/registration`)
      expect(registered.status).toBe(200)
      await stream.next('changed', 2_000)
      expect((await list())?.participants.registered).toBe(1)
      const detail = await adminOnB.get(`/api/admin/events/${eventId}`)
      const { participants } = (await detail.json()) as { participants: { email: string }[] }
      expect(participants.map((participant) => participant.email)).toEqual([guest.email])
    } finally {
      await stream.close()
    }
  })

  it("the owner's settings saved on process A show on process B's pages at once", async () => {
    const admin = await member(a, { isAdmin: true })
    const line = 'Coming soon · autumn 2099'
    const saved = await admin.client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { launchDate: '2099-autumn', contactEmail: 'cluster@studio.example' },
    })
    expect(saved.status).toBe(200)
    const adminOnB = sameBrowserAt(originOf(b), admin.client)
    // B heard A's NOTIFY and read the settings again: its pages and its API say the same.
    await expect
      .poll(async () => (await (await fetch(`${originOf(b)}/?lang=en`)).text()).includes(line), {
        timeout: 5_000,
      })
      .toBe(true)
    const page = await (await fetch(`${originOf(b)}/?lang=en`)).text()
    expect(page).toContain('mailto:cluster@studio.example')
    const settings = (await (await adminOnB.get('/api/admin/settings')).json()) as {
      public: { launch: { date: string } }
    }
    expect(settings.public.launch.date).toBe('2099-autumn')
  })

  /**
   * Eleven requests, the i-th to `originFor(i)` with X-Forwarded-For `addressFor(i)`: their
   * statuses, and the body of the refusal if one came.
   */
  async function eleven(
    path: string,
    json: (i: number) => unknown,
    originFor: (i: number) => string,
    addressFor: (i: number) => string,
  ) {
    const statuses: number[] = []
    let refusal: unknown
    for (let i = 0; i < 11; i++) {
      const response = await browserClient(originFor(i)).request(path, {
        json: json(i),
        headers: { 'x-forwarded-for': addressFor(i) },
      })
      statuses.push(response.status)
      if (response.status === 429) refusal = await response.json()
      else await response.body?.cancel()
    }
    return { statuses, refusal }
  }
  const wrongPassword = () => ({ email: 'nobody@example.com', password: 'wrong-password' })
  const alternately = (i: number) => originOf(i % 2 === 0 ? a : b)

  it("Better Auth's sign-in limit (10 a minute per address) counts across both", async () => {
    const { statuses, refusal } = await eleven(
      '/api/auth/sign-in/email',
      wrongPassword,
      alternately,
      () => '203.0.113.10',
    )
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
    expect(refusal).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) })
  })

  it('our own limit (newsletter sign-ups, 10 a minute per address) counts across both', async () => {
    const { statuses, refusal } = await eleven(
      '/api/newsletter/subscribe',
      (i) => ({ email: `limited${i}-${Date.now()}@example.com`, name: 'Kiss Anna' }),
      alternately,
      () => '203.0.113.11',
    )
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429])
    expect(refusal).toEqual({ code: 'too_many_requests', message: expect.any(String) })
  })

  describe.skipIf(!nginxPath())('through nginx (docs/deploy/nginx.conf)', () => {
    it('the server sees the real address: a spoofed X-Forwarded-For does not escape the limit', async () => {
      const url = proxy?.url
      if (!url) throw new Error('nginx did not start')
      // A different made-up address every time, as a client trying its luck would send.
      const { statuses } = await eleven(
        '/api/auth/sign-in/email',
        wrongPassword,
        () => url,
        (i) => `192.0.2.${i + 1}`,
      )
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
      // Both processes answered some of them, and logged the address nginx was reached from.
      for (const server of [a, b]) {
        const signIns = server
          .output()
          .split('\n')
          .filter((line) => line.includes('"path":"/api/auth/sign-in/email"'))
          .filter((line) => line.includes('"ip":"127.0.0.1"'))
        expect(signIns.length).toBeGreaterThanOrEqual(3)
        expect(server.output()).not.toMatch(/"ip":"192\.0\.2\./)
      }
    })

    it('a live event arrives at once, not held back in a proxy buffer', async () => {
      if (!proxy) throw new Error('nginx did not start')
      const admin = await member(a, { isAdmin: true })
      // A proxy that buffers holds even the answer's headers: give it two seconds.
      const opened = sameBrowserAt(proxy.url, admin.client).get('/api/admin/events/live')
      const stream = sseReader(
        await Promise.race([
          opened,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no stream headers within 2 s')), 2_000),
          ),
        ]),
      )
      try {
        await stream.next('hello', 2_000)
        const sent = performance.now()
        const created = await admin.client.post('/api/admin/events', {
          eventName: 'Through the proxy',
          startTime: new Date().toISOString(),
          duration: 60,
        })
        expect(created.status).toBe(201)
        await stream.next('changed', 2_000)
        // The stream's first bytes are a few dozen: any buffering would hold them for seconds.
        expect(performance.now() - sent).toBeLessThan(1_000)
      } finally {
        await stream.close()
      }
    })

    it('answers /metrics itself with 404, and passes pages and the API through', async () => {
      if (!proxy) throw new Error('nginx did not start')
      const metrics = await fetch(`${proxy.url}/metrics`)
      expect(metrics.status).toBe(404)
      await metrics.body?.cancel()
      const health = await fetch(`${proxy.url}/api/health`)
      expect(health.status).toBe(200)
      await health.body?.cancel()
    })

    it("lets an upload past the server's limit reach the server, whose refusal the client reads", async () => {
      if (!proxy) throw new Error('nginx did not start')
      const upload = (megabytes: number) => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(megabytes * 1024 * 1024)]), 'big.png')
        return fetch(`${proxy?.url}/api/me/avatar`, {
          method: 'POST',
          headers: { origin: 'http://localhost:3000' },
          body: form,
        })
      }
      const refused = await upload(5.5)
      expect(refused.status).toBe(413)
      expect(await refused.json()).toEqual({
        code: 'payload_too_large',
        message: expect.any(String),
      })
      // Far beyond it, nginx refuses by itself without passing the body on.
      const atProxy = await upload(7)
      expect(atProxy.status).toBe(413)
      expect(atProxy.headers.get('content-type')).toMatch(/text\/html/)
      await atProxy.body?.cancel()
    })
  })

  it('e-mails queued through both are each received once, also when SMTP was away a while', async () => {
    const addresses: string[] = []
    /** Newsletter sign-ups, each from its own visitor, alternately on A and B. */
    async function subscribe(count: number, label: string) {
      for (let i = 0; i < count; i++) {
        const email = `${label}${i}-${Date.now()}@example.com`
        addresses.push(email)
        const response = await browserClient(originOf(i % 2 === 0 ? a : b)).post(
          '/api/newsletter/subscribe',
          { email, name: 'Kiss Anna' },
        )
        expect(response.status).toBe(200)
        await response.body?.cancel()
      }
    }
    const receivedBy = (email: string) => received.filter((m) => m.to.includes(email)).length
    async function allReceived(timeoutMs: number) {
      const deadline = Date.now() + timeoutMs
      while (addresses.some((email) => receivedBy(email) === 0) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200))
    }

    await subscribe(8, 'both')
    await allReceived(20_000)

    // The mail server goes away; sign-ups go on; it comes back on the same port.
    await mail?.close()
    await subscribe(8, 'outage')
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    await startMail()
    // Each process tried one message, found the server away and paused 10 s (decision 17).
    await allReceived(45_000)
    // Anything sent twice would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 3_000))

    expect(addresses.map(receivedBy)).toEqual(addresses.map(() => 1))
    const rows = await database?.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(inArray(outbox.toAddress, addresses))
    expect(rows?.map((row) => row.status)).toEqual(addresses.map(() => 'sent'))
    expect(
      (await database?.db.select().from(outbox).where(eq(outbox.status, 'pending')))?.length,
    ).toBe(0)
  }, 90_000)
})
