import { and, asc, eq } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema/audit.ts'
import { account, session, user } from '../db/schema/auth.ts'
import { eventDoorHelpers } from '../db/schema/events.ts'
import { media } from '../db/schema/media.ts'
import { mailSuppressions, SUPPRESSION_REASONS } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { outbox } from '../db/schema/outbox.ts'
import { profiles } from '../db/schema/profiles.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { seedPastEvening } from '../test/seed-past-evening.ts'
import { EXPORT_BATCH_ROWS } from './data-export.ts'
import { ACCOUNT_HISTORY_ACTIONS, EMAIL_KIND_WORDS } from './data-export-words.ts'
import { AUDIT_ACTOR_KINDS } from '#shared/audit.ts'
import { LANGUAGE_CODES } from '#shared/languages.ts'
import { PARTICIPANT_STATUSES } from '#shared/schemas/events.ts'
import { serverResources } from '#shared/locales/server-resources.ts'

const server = httpTestApp()
const db = () => server.harness.database.db
const PICTURE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake picture bytes')

interface Exported {
  exportedAt: string
  userId: string
  account: Record<string, unknown>
  signInMethods: Record<string, unknown>
  sessions: Record<string, unknown>[]
  profile: Record<string, unknown>
  newsletter: Record<string, unknown>[]
  notMailed: Record<string, unknown>[]
  events: (Record<string, unknown> & { seats: Record<string, unknown>[] })[]
  doorHelper: Record<string, unknown>[]
  emails: Record<string, unknown>[]
  accountHistory: Record<string, unknown>[]
}

/** A member with something in every section, and a neighbour whose data must not show. */
async function seededMember() {
  const her = await seedMember(server.harness, server.http.origin, { language: 'en' })
  const friend = await seedMember(server.harness, server.http.origin)
  const shy = await seedMember(server.harness, server.http.origin)
  const tx = db()
  await tx
    .update(profiles)
    .set({ fullName: 'Kiss <Anna> & "Co"', language: 'en' })
    .where(eq(profiles.id, her.userId))
  await tx.update(profiles).set({ fullName: 'Nagy Eszter' }).where(eq(profiles.id, friend.userId))
  await tx
    .update(profiles)
    .set({ fullName: 'Rejtett Réka', peopleMetVisible: false })
    .where(eq(profiles.id, shy.userId))
  const pictureId = `avatar-${her.userId}`
  await tx.insert(media).values({
    id: pictureId,
    ownerId: her.userId,
    kind: 'avatar',
    contentType: 'image/webp',
    width: 1,
    height: 1,
    bytes: PICTURE,
  })
  await tx
    .update(profiles)
    .set({ avatarUrl: `/api/media/${pictureId}` })
    .where(eq(profiles.id, her.userId))
  await tx.insert(newsletterSubscribers).values({
    email: her.email,
    name: 'Anna',
    verified: true,
    userId: her.userId,
    source: 'account-menu',
    confirmedAt: new Date('2026-05-01T10:00:00Z'),
    consentIpHash: 'keyed-hash',
  })
  // The three sat at one table at a spring evening.
  const together = [her, friend, shy].map((person) => person.userId)
  const { eventId } = await seedPastEvening(tx, {
    eventName: 'Tavaszi klikk',
    startTime: new Date('2026-04-01T17:00:00Z'),
    participants: together.map((userId) => ({ userId })),
    tables: ['Rózsa'],
    seats: 4,
    rounds: [{ started: true, startedAt: new Date(), tables: [together] }],
  })
  // She helped at the door of that evening; her friend at another's (not hers to see).
  const other = await seedPastEvening(tx, {
    eventName: 'Őszi klikk',
    startTime: new Date('2026-10-01T17:00:00Z'),
    duration: 90,
    tables: [],
  })
  await tx.insert(eventDoorHelpers).values([
    { eventId, userId: her.userId, createdAt: new Date('2026-03-30T09:00:00Z') },
    { eventId: other.eventId, userId: friend.userId },
  ])
  // Her former address: e-mails to it count until she left it, not after.
  const former = `former-${her.email}`
  const left = new Date(Date.now() + 1000)
  await tx.insert(auditLog).values({
    at: left,
    action: 'account.email_change',
    actorKind: 'member',
    actorUserId: her.userId,
    subjectType: 'user',
    subjectId: her.userId,
    before: { email: former },
    after: { email: her.email },
  })
  const mail = (to: string, subject: string, createdAt = new Date()) => ({
    kind: 'test',
    toAddress: to,
    subject,
    html: '<p>secret link</p>',
    text: 'secret link',
    language: 'en',
    status: 'sent' as const,
    createdAt,
  })
  await tx
    .insert(outbox)
    .values([
      ...Array.from({ length: EXPORT_BATCH_ROWS + 3 }, (_, i) => mail(her.email, `News ${i}`)),
      mail(former, 'To the former address'),
      mail(former, 'After she left it', new Date(left.getTime() + 60_000)),
      mail(friend.email, 'Not hers'),
    ])
  return { her, friend, shy, former, eventId }
}

const download = async (client: { get(path: string): Promise<Response> }, path: string) => {
  const response = await client.get(path)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/zip')
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="lendulet-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  )
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  return {
    names: Object.keys(files).sort(),
    data: JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as Exported,
    html: strFromU8(files['data.html'] ?? new Uint8Array()),
    picture: files['picture.webp'],
  }
}

describe('her data, downloaded', () => {
  it('holds everything the database has about her, and nothing secret or of others', async () => {
    const { her, former, eventId } = await seededMember()
    const { names, data, html, picture } = await download(her.client, '/api/account/export')
    expect(names).toEqual(['data.html', 'data.json', 'picture.webp'])
    expect(Buffer.from(picture ?? [])).toEqual(PICTURE)

    const [row] = await db().select().from(user).where(eq(user.id, her.userId))
    expect(data.userId).toBe(her.userId)
    expect(data.account).toEqual({
      id: her.userId,
      name: row?.name,
      givenName: null,
      familyName: null,
      email: her.email,
      emailVerified: true,
      createdAt: row?.createdAt.toISOString(),
      updatedAt: row?.updatedAt.toISOString(),
    })
    expect(data.signInMethods).toEqual({
      password: true,
      google: false,
      googleLinkedAt: null,
      twoStep: false,
      passkeys: [],
    })

    const sessions = await db()
      .select()
      .from(session)
      .where(eq(session.userId, her.userId))
      .orderBy(asc(session.id))
    expect(data.sessions).toEqual(
      sessions.map((s) => ({
        id: s.id,
        device: s.userAgent,
        ipAddress: s.ipAddress,
        createdAt: s.createdAt.toISOString(),
        lastSeen: s.updatedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      })),
    )

    const [profile] = await db().select().from(profiles).where(eq(profiles.id, her.userId))
    expect(data.profile).toMatchObject({
      fullName: profile?.fullName,
      email: profile?.email,
      userCode: profile?.userCode,
      language: 'en',
      isAdmin: false,
      picture: 'picture.webp',
    })

    expect(data.newsletter).toEqual([
      expect.objectContaining({
        email: her.email,
        confirmed: true,
        source: 'account-menu',
        confirmedAt: '2026-05-01T10:00:00.000Z',
        consentAddressHash: 'keyed-hash',
      }),
    ])

    expect(data.events).toEqual([
      expect.objectContaining({
        eventId,
        event: 'Tavaszi klikk',
        status: 'present',
        seats: [{ round: 1, table: 'Rózsa', peopleMet: ['Nagy Eszter'] }],
      }),
    ])

    expect(data.doorHelper).toEqual([
      {
        event: 'Tavaszi klikk',
        startTime: '2026-04-01T17:00:00.000Z',
        helperSince: '2026-03-30T09:00:00.000Z',
      },
    ])

    const subjects = data.emails.map((e) => e.subject)
    const toHer = await db()
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.toAddress, her.email))
      .orderBy(asc(outbox.id))
    expect(subjects.filter((s) => s !== 'To the former address')).toEqual(
      toHer.map((m) => m.subject),
    )
    expect(subjects).toContain('To the former address')
    expect(subjects).not.toContain('After she left it')
    expect(subjects).not.toContain('Not hers')
    expect(data.emails.find((e) => e.subject === 'To the former address')?.to).toBe(former)
    expect(data.accountHistory).toEqual([
      expect.objectContaining({ action: 'account.email_change', by: 'member' }),
    ])

    // Nothing secret: no password hash, no session token, no e-mail body with its links.
    const text = JSON.stringify(data) + html
    const [credential] = await db().select().from(account).where(eq(account.userId, her.userId))
    expect(text).not.toContain(credential?.password ?? 'no hash?')
    for (const s of sessions) expect(text).not.toContain(s.token)
    expect(text).not.toContain('secret link')
    expect(text).not.toContain('Rejtett Réka')

    // The page: her name escaped, in her language, nothing fetched from elsewhere.
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Kiss &lt;Anna&gt; &amp; &quot;Co&quot;')
    expect(html).not.toContain('<Anna>')
    expect(html).toContain('E-mails we sent you')
    expect(html).toContain('Evenings you helped at the door')
    expect(html).toContain('Nagy Eszter')
    expect(html).not.toMatch(/(src|href)=["']?https?:/)
  })

  it('is made by an admin for a member who asks, in her language, and recorded in the audit log', async () => {
    const { her } = await seededMember()
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const { data, html } = await download(admin.client, `/api/admin/users/${her.userId}/export`)
    expect(data.userId).toBe(her.userId)
    expect(html).toContain('<html lang="en">')
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export.member_data'), eq(auditLog.subjectId, her.userId)))
    expect(entries).toEqual([
      expect.objectContaining({
        actorKind: 'admin',
        actorUserId: admin.userId,
        subjectType: 'user',
        subjectLabel: her.email,
      }),
    ])
    const missing = await admin.client.get('/api/admin/users/no-such-member/export')
    expect(missing.status).toBe(404)
    const refused = await her.client.get(`/api/admin/users/${her.userId}/export`)
    expect(refused.status).toBe(403)
  })
})

describe('the readable page of her data', () => {
  /** A member with every code the page may show: statuses, kinds of e-mail, sources, actions. */
  async function memberWithEveryCode() {
    const her = await seedMember(server.harness, server.http.origin)
    const tx = db()
    for (const [i, status] of PARTICIPANT_STATUSES.entries()) {
      await seedPastEvening(tx, {
        eventName: `Klikk ${i}`,
        startTime: new Date(`2026-0${i + 1}-01T17:00:00Z`),
        duration: 90,
        participants: [{ userId: her.userId, status }],
        tables: [],
      })
    }
    // Every kind of e-mail as the code writes it, and every state an e-mail can be in.
    const kinds = [
      ...EMAIL_KIND_WORDS.filter((kind) => kind !== 'eventRegistration' && kind !== 'campaignTest'),
      'eventRegistration:00000000-0000-4000-8000-000000000000',
      'campaign-test-en',
    ]
    const states = outbox.status.enumValues
    await tx.insert(outbox).values(
      kinds.map((kind, i) => ({
        kind,
        toAddress: her.email,
        subject: `Subject ${i}`,
        html: '',
        text: '',
        language: LANGUAGE_CODES[i % LANGUAGE_CODES.length] ?? 'hu',
        status: states[i % states.length] ?? 'sent',
        // Not due: the mail worker leaves the pending ones pending.
        nextAttemptAt: new Date(Date.now() + 60 * 60_000),
      })),
    )
    await tx.insert(newsletterSubscribers).values(
      newsletterSubscribers.source.enumValues.map((source, i) => ({
        email: i === 0 ? her.email : `other-${i}-${her.email}`,
        name: 'Anna',
        userId: her.userId,
        source,
      })),
    )
    // Each of her addresses the newsletter no longer goes to, for each reason (decision 83).
    await tx
      .insert(newsletterSubscribers)
      .values({ email: `other-2-${her.email}`, name: 'Anna', userId: her.userId })
    await tx.insert(mailSuppressions).values(
      SUPPRESSION_REASONS.map((reason, i) => ({
        email: i === 0 ? her.email.toLowerCase() : `other-${i}-${her.email}`.toLowerCase(),
        reason,
        source: 'smtp' as const,
        detail: `550 reason ${i}`,
      })),
    )
    await tx.insert(auditLog).values(
      ACCOUNT_HISTORY_ACTIONS.map((action, i) => ({
        action,
        actorKind: AUDIT_ACTOR_KINDS[i % AUDIT_ACTOR_KINDS.length] ?? 'admin',
        subjectType: 'user' as const,
        subjectId: her.userId,
        before: { isAdmin: false, twoFactorEnabled: true, email: `old-${her.email}` },
        after: { isAdmin: true, twoFactorEnabled: false, newsletterMoved: true },
      })),
    )
    return { her, kinds }
  }

  it('names every status, kind of e-mail, source, language and change in words, in each language; data.json keeps the codes', async () => {
    const { her, kinds } = await memberWithEveryCode()
    const codes = new Set<string>([
      ...PARTICIPANT_STATUSES,
      ...kinds,
      ...outbox.status.enumValues,
      ...newsletterSubscribers.source.enumValues,
      ...SUPPRESSION_REASONS,
      ...ACCOUNT_HISTORY_ACTIONS,
      ...AUDIT_ACTOR_KINDS,
      ...LANGUAGE_CODES,
      'isAdmin',
      'twoFactorEnabled',
      'newsletterMoved',
      'true',
      'false',
    ])
    for (const language of LANGUAGE_CODES) {
      // The page is in the language of the site she downloads it from.
      const { data, html } = await download(her.client, `/api/account/export?lang=${language}`)
      // What a reader sees in each cell: each value of a list, each "label: value" of an entry.
      const values = [...html.matchAll(/<td>(.*?)<\/td>/gs)]
        .flatMap(([, cell = '']) => cell.replace(/<[^>]+>/g, '\n').split(/\n|; /))
        .map((text) => text.replace(/^[^:<]*: /, '').trim())
        .filter(Boolean)
      expect(
        values.filter((value) => codes.has(value)),
        language,
      ).toEqual([])
      // The JSON stays for programs: the codes as stored.
      expect(data.events.map((event) => event.status).sort()).toEqual(
        [...PARTICIPANT_STATUSES].sort(),
      )
      // (Beside the confirmation e-mail her sign-up sent.)
      expect(data.emails.map((email) => email.kind)).toEqual(expect.arrayContaining(kinds))
      expect(data.notMailed.map((row) => row.reason).sort()).toEqual(
        [...SUPPRESSION_REASONS].sort(),
      )
      expect(data.accountHistory.map((entry) => entry.action).sort()).toEqual(
        [...ACCOUNT_HISTORY_ACTIONS].sort(),
      )
      // ...and the page says them as the site does, in her language.
      const { emails, events: eventTexts } = serverResources[language]
      const words = [
        ...PARTICIPANT_STATUSES.map((status) => eventTexts.participants.statuses[status]),
        ...Object.values(emails.dataExport.emailKinds).filter(
          (word) => word !== emails.dataExport.emailKinds.other,
        ),
        ...Object.values(emails.dataExport.emailStatuses),
        ...Object.values(emails.dataExport.sources),
        ...Object.values(emails.dataExport.notMailedReasons),
        emails.dataExport.sections.notMailed,
        ...Object.values(emails.dataExport.actions).filter(
          (word) => word !== emails.dataExport.actions.other,
        ),
        emails.dataExport.fields.twoFactorEnabled,
        emails.dataExport.fields.newsletterMoved,
      ]
      const page = html.replaceAll('&#39;', "'").replaceAll('&quot;', '"')
      for (const word of words) expect(page, `${language}: ${word}`).toContain(word)
    }
  })
})
