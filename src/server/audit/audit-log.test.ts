import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AuditAction, AuditPage } from '#shared/audit.ts'
import { auditLog } from '../db/schema/audit.ts'
import { RETENTION_DAYS_DEFAULT, tidyUp } from '../janitor.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { auditEntry } from './audit.ts'

const server = httpTestApp()
const db = () => server.harness.database.db
const DAY = 24 * 60 * 60_000

/** Entries as if made at given moments, by a made-up admin of this test only. */
async function seed(
  email: string,
  rows: { at: Date; action?: AuditAction; subjectId?: string }[],
): Promise<void> {
  await db()
    .insert(auditLog)
    .values(
      rows.map(({ at, action = 'event.update', subjectId = 'e-1' }) => ({
        ...auditEntry(
          {
            action,
            subject: { type: 'event', id: subjectId, label: 'Klikk-est' },
            before: { eventName: 'Régi' },
            after: { eventName: 'Új' },
          },
          {
            actor: { kind: 'admin', userId: `id-${email}`, name: 'Seed Admin', email },
            clientAddress: '192.0.2.10',
          },
        ),
        at,
      })),
    )
}

const countFor = async (email: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.actorEmail, email)))[0]?.n

describe('reading the audit log', () => {
  it('filters by actor, action, subject and days (Budapest), newest first, 50 a page', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const email = 'filters@example.com'
    const start = Date.parse('2026-03-01T12:00:00Z')
    await seed(
      email,
      Array.from({ length: 55 }, (_, i) => ({ at: new Date(start + i * 60_000) })),
    )
    await seed(email, [
      // 23:30 UTC on 10 March is 00:30 on 11 March in Budapest.
      { at: new Date('2026-03-10T23:30:00Z'), action: 'event.delete', subjectId: 'e-2' },
      { at: new Date('2026-03-12T09:00:00Z'), action: 'table.add', subjectId: 'e-2' },
    ])
    const page = async (query: string, actor = email) => {
      const response = await admin.client.get(`/api/admin/audit?actor=${actor}&${query}`)
      expect(response.status).toBe(200)
      return (await response.json()) as AuditPage
    }

    const first = await page('')
    expect(first.matching).toBe(57)
    expect(first.entries).toHaveLength(50)
    expect(first.entries[0]?.action).toBe('table.add')
    expect(first.entries[0]?.actor).toEqual({
      kind: 'admin',
      userId: `id-${email}`,
      name: 'Seed Admin',
      email,
    })
    expect(first.entries[0]?.before).toEqual({ eventName: 'Régi' })
    const second = await page('page=2')
    expect(second.entries).toHaveLength(7)
    expect(second.entries.at(-1)?.at).toBe(new Date(start).toISOString())

    expect((await page('action=event.delete')).entries.map((e) => e.subject.id)).toEqual(['e-2'])
    expect((await page('subjectType=event&subjectId=e-2')).matching).toBe(2)
    expect((await page('from=2026-03-11&to=2026-03-11')).entries.map((e) => e.action)).toEqual([
      'event.delete',
    ])
    expect((await page('from=2026-03-11')).matching).toBe(2)
    expect((await page('to=2026-03-10')).matching).toBe(55)
    expect((await page('', 'Seed%20Adm')).matching).toBeGreaterThanOrEqual(57)
    expect((await page('', `id-${email}`)).matching).toBe(57)
  })

  it('refuses an end date before the start date, in the admin’s language', async () => {
    const admin = await seedMember(server.harness, server.http.origin, {
      isAdmin: true,
      language: 'de',
    })
    for (const path of ['/api/admin/audit', '/api/admin/audit.csv']) {
      const response = await admin.client.get(`${path}?from=2026-03-02&to=2026-03-01`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        code: 'invalid_request',
        message: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
        fields: { to: 'Das Enddatum darf nicht vor dem Startdatum liegen.' },
      })
    }
    const hungarian = await seedMember(server.harness, server.http.origin, {
      isAdmin: true,
      language: 'hu',
    })
    const response = await hungarian.client.get('/api/admin/audit?from=2026-3-1')
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toBe(
      'A dátumot ÉÉÉÉ-HH-NN formában add meg.',
    )
  })

  it('exports the filtered entries as CSV, and records the export', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const email = 'csv@example.com'
    await seed(email, [
      { at: new Date('2026-04-01T08:00:00Z'), action: 'event.start' },
      { at: new Date('2026-04-02T08:00:00Z'), action: 'event.end' },
    ])
    const response = await admin.client.get(`/api/admin/audit.csv?actor=${email}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'at,action,actor_kind,actor_user_id,actor_name,actor_email,subject_type,subject_id,subject_label,client_address,user_agent,before,after',
    )
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['event.end', 'event.start'])
    expect(lines[1]).toContain('"{""eventName"":""Régi""}"')

    const records = await db().select().from(auditLog).where(eq(auditLog.action, 'export.audit'))
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({
      actorUserId: admin.userId,
      subjectType: 'audit',
      after: { actor: email },
    })
  })

  it('has no route that changes or deletes an entry', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    await seed('immutable@example.com', [{ at: new Date() }])
    const [entry] = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, 'immutable@example.com'))
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      for (const path of ['/api/admin/audit', `/api/admin/audit/${entry?.id}`]) {
        const response = await admin.client.request(path, { method, json: { action: 'x' } })
        expect(response.status, `${method} ${path}`).toBe(404)
        expect(Object.keys(await response.json()).sort()).toEqual(['code', 'message'])
      }
    expect(await countFor('immutable@example.com')).toBe(1)
  })

  it('refuses, in the database itself, to change or delete an entry', async () => {
    await seed('database@example.com', [{ at: new Date() }])
    const where = eq(auditLog.actorEmail, 'database@example.com')
    await expect(
      db().update(auditLog).set({ action: 'event.start' }).where(where),
    ).rejects.toThrow()
    await expect(db().delete(auditLog).where(where)).rejects.toThrow()
    expect(await countFor('database@example.com')).toBe(1)
  })

  it('is for admins only', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    expect((await member.client.get('/api/admin/audit')).status).toBe(403)
    expect((await member.client.get('/api/admin/audit.csv')).status).toBe(403)
  })
})

describe('retention', () => {
  it('deletes exactly the entries older than AUDIT_RETENTION_DAYS', async () => {
    const email = 'retention@example.com'
    const now = Date.parse('2026-06-01T12:00:00Z')
    await seed(email, [
      { at: new Date(now - 731 * DAY) },
      { at: new Date(now - 730 * DAY - 1000) },
      { at: new Date(now - 730 * DAY + 1000) },
      { at: new Date(now - 10 * DAY) },
    ])
    const { auditEntries } = await tidyUp(db(), now, { ...RETENTION_DAYS_DEFAULT, audit: 730 })
    expect(auditEntries).toBe(2)
    const kept = await db()
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, email))
      .orderBy(auditLog.at)
    expect(kept.map((row) => row.at.getTime())).toEqual([now - 730 * DAY + 1000, now - 10 * DAY])

    // A shorter period, as the configuration allows: the next pass takes what is now too old.
    await tidyUp(db(), now, { ...RETENTION_DAYS_DEFAULT, audit: 30 })
    expect(await countFor(email)).toBe(1)
    // Outside the job, a delete is still refused.
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow()
  })
})

describe('an entry of an edit', () => {
  const origin = { actor: { kind: 'admin' as const, userId: 'a', name: 'Éva', email: null } }
  const subject = { type: 'event' as const, id: 'e-1', label: 'Klikk-est' }
  const member = { userId: 'u-1', name: 'Anna Kovács', userCode: 'ANNA42' }

  it('keeps whom it was about beside what changed, and nothing when nothing changed', () => {
    const edit = (to: string) =>
      auditEntry(
        {
          action: 'participant.status',
          subject,
          before: { ...member, status: 'registered' },
          after: { ...member, status: to },
          keep: ['userId', 'name', 'userCode'],
        },
        origin,
      )
    expect(edit('present')).toMatchObject({
      before: { ...member, status: 'registered' },
      after: { ...member, status: 'present' },
    })
    expect(edit('registered')).toMatchObject({ before: null, after: null })
  })
})
