import { describe, expect, it, beforeAll } from 'vitest'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'

const server = httpTestApp()
type Admin = Awaited<ReturnType<typeof seedMember>>
let admin: Admin

interface ListAnswer {
  subscribers: { id: string; email: string; name: string | null; verified: boolean }[]
  matching: number
  pageSize: number
  counts: { verified: number; pending: number }
}

beforeAll(async () => {
  admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
  const day = (n: number) => new Date(Date.UTC(2026, 0, n))
  await server.harness.database.db.insert(newsletterSubscribers).values([
    {
      email: 'anna@example.com',
      name: 'Kiss Anna',
      verified: true,
      createdAt: day(1),
      confirmedAt: day(1),
    },
    {
      email: 'bea@example.com',
      name: 'Nagy Bea',
      verified: false,
      createdAt: day(2),
      language: 'en',
    },
    {
      email: 'cili@example.org',
      name: '=HYPERLINK("http://evil")',
      verified: true,
      createdAt: day(3),
      confirmedAt: day(3),
    },
    {
      email: 'dora_x@example.com',
      name: 'Dóra, "the runner"',
      verified: true,
      createdAt: day(4),
      confirmedAt: day(4),
    },
  ])
})

const list = async (query = '') => {
  const response = await admin.client.get(`/api/admin/newsletter${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as ListAnswer
}

describe('/api/admin/newsletter', () => {
  it('lists subscribers newest first with the counts', async () => {
    const all = await list()
    expect(all.subscribers.map((s) => s.email)).toEqual([
      'dora_x@example.com',
      'cili@example.org',
      'bea@example.com',
      'anna@example.com',
    ])
    expect(all.counts).toEqual({ verified: 3, pending: 1 })
    expect(all.matching).toBe(4)
  })

  it('filters by state and searches e-mail and name, wildcards taken literally', async () => {
    expect((await list('?status=pending')).subscribers.map((s) => s.email)).toEqual([
      'bea@example.com',
    ])
    expect((await list('?status=verified')).matching).toBe(3)
    expect((await list('?q=NAGY')).subscribers.map((s) => s.email)).toEqual(['bea@example.com'])
    expect((await list('?q=example.org')).matching).toBe(1)
    expect((await list('?q=_x')).subscribers.map((s) => s.email)).toEqual(['dora_x@example.com'])
    expect((await list('?q=%25')).matching).toBe(0)
    const bad = await admin.client.get('/api/admin/newsletter?status=everyone')
    expect(bad.status).toBe(400)
    expect((await bad.json()).code).toBe('invalid_request')
  })

  it('exports the filtered list as CSV a spreadsheet opens safely', async () => {
    const response = await admin.client.get('/api/admin/newsletter/export.csv?status=verified')
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes).split('\r\n')
    expect(lines).toEqual([
      'email,name,verified,language,source,subscribed_at,confirmed_at,not_mailed',
      'dora_x@example.com,"Dóra, ""the runner""",true,hu,landing,2026-01-04T00:00:00.000Z,2026-01-04T00:00:00.000Z,',
      `cili@example.org,"'=HYPERLINK(""http://evil"")",true,hu,landing,2026-01-03T00:00:00.000Z,2026-01-03T00:00:00.000Z,`,
      'anna@example.com,Kiss Anna,true,hu,landing,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z,',
      '',
    ])
  })

  it('removes an address', async () => {
    const target = (await list('?q=bea')).subscribers[0]
    const response = await admin.client.request(`/api/admin/newsletter/${target?.id}`, {
      method: 'DELETE',
    })
    expect(response.status).toBe(200)
    expect((await list('?q=bea')).matching).toBe(0)
    const again = await admin.client.request(`/api/admin/newsletter/${target?.id}`, {
      method: 'DELETE',
    })
    expect(again.status).toBe(404)
  })
})
