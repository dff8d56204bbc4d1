import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { eventStateSchema } from '#shared/live-state.ts'
import { questionText, type Question } from '#shared/schemas/questions.ts'
import { auditLog } from '../db/schema/audit.ts'
import { conversationQuestions, roundQuestions } from '../db/schema/questions.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedPastEvening } from '../test/seed-past-evening.ts'

const server = httpTestApp()
const api = eveningApi(server)
const db = () => server.harness.database.db

/** The big screen's state of an event, as any signed-in viewer reads it. */
async function shown(viewer: Member, eventId: string) {
  const response = await viewer.client.get(`/api/klikkscreen?eventId=${eventId}`)
  expect(response.status).toBe(200)
  return eventStateSchema.parse(await response.json())
}

/** Seats and starts the next round (ending the one that runs); the question the screen shows. */
async function nextRound(admin: Member, eventId: string) {
  const base = `/api/admin/events/${eventId}`
  const round = await api.ok<{ id: string }>(admin.client, `${base}/rounds`, { json: {} })
  await api.ok(admin.client, `${base}/rounds/${round.id}/start?endRunning=true`)
  const state = await shown(admin, eventId)
  expect(state.round?.id).toBe(round.id)
  return { roundId: round.id, question: state.round?.question ?? null }
}

/**
 * The only running evening, a guest present who reads the site in `language`, and its first
 * round started: the round, its question and the host's "another question" address.
 */
async function firstRoundRunning(language: 'de' | 'es') {
  const admin = await api.member({ isAdmin: true, language: 'en' })
  await api.endRunning(admin)
  const guest = await api.member({ language })
  const { eventId } = await api.evening(admin, { present: [guest.userCode], seated: false })
  const { roundId, question: first } = await nextRound(admin, eventId)
  if (!first) throw new Error('no question')
  const skip = `/api/admin/events/${eventId}/rounds/${roundId}/question/skip`
  return { admin, guest, eventId, roundId, first, skip }
}

async function activeQuestions(admin: Member) {
  const { questions } = await api.ok<{ questions: Question[] }>(
    admin.client,
    '/api/admin/questions',
    { method: 'GET' },
  )
  return questions.filter((question) => question.active)
}

describe('a question for each round', () => {
  it('none repeats within an evening while the list lasts; then the longest ago comes back', async () => {
    await api.endRunning(await api.member({ isAdmin: true }))
    const admin = await api.member({ isAdmin: true, language: 'en' })
    const guests = await Promise.all([1, 2, 3].map(() => api.member()))
    const starters = await activeQuestions(admin)
    expect(starters.length).toBeGreaterThanOrEqual(20)
    // Seven switched on, so the list runs out within the test's time (each round is seated).
    const listed = starters.slice(0, 7)
    const off = starters.slice(7).map((question) => question.id)
    await db()
      .update(conversationQuestions)
      .set({ active: false })
      .where(inArray(conversationQuestions.id, off))
    onTestFinished(() =>
      db()
        .update(conversationQuestions)
        .set({ active: true })
        .where(inArray(conversationQuestions.id, off))
        .then(() => undefined),
    )
    const { eventId } = await api.evening(admin, {
      present: guests.map((guest) => guest.userCode),
      seated: false,
    })

    const asked: string[] = []
    for (let round = 0; round < listed.length; round++) {
      const { question } = await nextRound(admin, eventId)
      if (!question) throw new Error('a round without a question')
      asked.push(question.id)
    }
    expect(new Set(asked).size).toBe(listed.length)
    expect(new Set(asked)).toEqual(new Set(listed.map((question) => question.id)))

    // The list is used up: the next round has the one asked longest ago tonight, the first.
    const { question } = await nextRound(admin, eventId)
    expect(question?.id).toBe(asked[0])
    await api.endRunning(admin)
  }, 120_000)

  it("avoids a question tonight's women heard at their previous evening, which least-recently-used alone would choose", async () => {
    const admin = await api.member({ isAdmin: true, language: 'en' })
    await api.endRunning(admin)
    const [anna, bea] = [await api.member(), await api.member()]
    // A question no test has asked yet, heard by Anna two weeks ago: the longest ago of all.
    const heard = await api.ok<Question>(admin.client, '/api/admin/questions', {
      json: { texts: { hu: 'Mi volt a legjobb edzésed?', en: 'What was your best workout?' } },
    })
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000)
    const past = await seedPastEvening(db(), {
      startTime: twoWeeksAgo,
      status: 'inactive',
      startedAt: twoWeeksAgo,
      endedAt: twoWeeksAgo,
      participants: [{ userId: anna.userId, checkedIn: true }],
      rounds: [{ started: true, startedAt: twoWeeksAgo, tables: [[anna.userId]] }],
    })
    const ever = new Date('2020-01-01T18:00:00Z')
    await db()
      .insert(roundQuestions)
      .values({
        roundId: past.roundIds[0] ?? '',
        questionId: heard.id,
        turn: 1,
        shownAt: ever,
      })
    // Every other question was asked after that, at an evening neither of them came to.
    const others = (await activeQuestions(admin)).filter((question) => question.id !== heard.id)
    const elsewhere = await seedPastEvening(db(), {
      startTime: new Date(Date.now() - 7 * 86_400_000),
      status: 'inactive',
      rounds: [{ started: true, tables: [[]] }],
    })
    await db()
      .insert(roundQuestions)
      .values(
        others.map((question, index) => ({
          roundId: elsewhere.roundIds[0] ?? '',
          questionId: question.id,
          turn: index + 1,
          shownAt: new Date(ever.getTime() + (index + 1) * 86_400_000),
        })),
      )

    // Anna tonight: not the question she heard last time.
    const tonight = await api.evening(admin, { present: [anna.userCode], seated: false })
    const withAnna = await nextRound(admin, tonight.eventId)
    expect(withAnna.question?.id).toBeDefined()
    expect(withAnna.question?.id).not.toBe(heard.id)
    await api.endRunning(admin)

    // Bea, who was not there, gets it: it is the one asked longest ago.
    const later = await api.evening(admin, { present: [bea.userCode], seated: false })
    const withBea = await nextRound(admin, later.eventId)
    expect(withBea.question?.id).toBe(heard.id)
    await api.endRunning(admin)
  }, 120_000)

  it('the host skips to another question: at once on the screen, never one the round showed, audited', async () => {
    const { admin, guest, eventId, roundId, first, skip } = await firstRoundRunning('de')

    // A member cannot skip, and the question stays.
    expect((await guest.client.request(skip, { method: 'POST' })).status).toBe(403)
    expect((await shown(guest, eventId)).round?.question?.id).toBe(first.id)

    const answer = await api.ok<{ roundId: string; question: { id: string } }>(admin.client, skip)
    expect(answer.question.id).not.toBe(first.id)
    // Her phone reads the same state: the new question, in German.
    const state = await shown(guest, eventId)
    expect(state.round?.question?.id).toBe(answer.question.id)
    const texts = state.round?.question?.texts ?? {}
    expect(questionText(texts, 'de')).toBe(texts.de)
    expect(texts.de).toBeTruthy()

    const second = await api.ok<{ question: { id: string } }>(admin.client, skip)
    expect([first.id, answer.question.id]).not.toContain(second.question.id)

    const [entry] = await api.auditEntries(eventId, 'round.question_skip')
    const [row] = await db()
      .select()
      .from(conversationQuestions)
      .where(eq(conversationQuestions.id, first.id))
    expect(entry?.before).toMatchObject({ question: row?.texts.hu })

    // Once the round has ended there is nothing to skip.
    await api.ok(admin.client, `/api/admin/events/${eventId}/rounds/${roundId}/end`)
    const late = await admin.client.request(skip, { method: 'POST' })
    expect(late.status).toBe(409)
    expect(((await late.json()) as { message: string }).message).toBe('This round is not running.')
    await api.endRunning(admin)
  }, 120_000)
})

describe("the owner's list of questions", () => {
  it('adds, edits, switches off, reorders and removes; each audited; shows the missing languages', async () => {
    const admin = await api.member({ isAdmin: true, language: 'en' })
    const member = await api.member()
    expect((await member.client.get('/api/admin/questions')).status).toBe(403)

    const before = await api.ok<{ questions: Question[] }>(admin.client, '/api/admin/questions', {
      method: 'GET',
    })
    const starters = before.questions.slice(0, 20)
    for (const question of starters) expect(question.missing).toEqual([])

    const added = await api.ok<Question>(admin.client, '/api/admin/questions', {
      json: { texts: { hu: '  Kávé vagy tea edzés előtt?  ', de: '' } },
    })
    expect(added.texts).toEqual({ hu: 'Kávé vagy tea edzés előtt?' })
    expect(added.missing).toEqual(['en', 'es', 'de'])
    expect(added.position).toBe(Math.max(...before.questions.map((q) => q.position)) + 1)
    // A reader of a language it lacks sees the Hungarian.
    expect(questionText(added.texts, 'es')).toBe('Kávé vagy tea edzés előtt?')

    const empty = await admin.client.request('/api/admin/questions', {
      method: 'POST',
      json: { texts: { en: '   ' } },
    })
    expect(empty.status).toBe(400)
    const refused = (await empty.json()) as { fields?: Record<string, string> }
    expect(Object.values(refused.fields ?? {})).toContain(
      'Write the question in at least one language.',
    )

    const edited = await api.ok<Question>(admin.client, `/api/admin/questions/${added.id}`, {
      method: 'PUT',
      json: { texts: { hu: 'Kávé vagy tea?', en: 'Coffee or tea?' }, active: false },
    })
    expect(edited).toMatchObject({ active: false, missing: ['es', 'de'] })

    // A stale order (one id missing) moves nothing.
    const ids = [added.id, ...before.questions.map((q) => q.id)]
    const stale = await admin.client.request('/api/admin/questions/order', {
      method: 'PUT',
      json: { ids: ids.slice(1) },
    })
    expect(stale.status).toBe(409)
    const reordered = await api.ok<{ questions: Question[] }>(
      admin.client,
      '/api/admin/questions/order',
      { method: 'PUT', json: { ids } },
    )
    expect(reordered.questions.map((q) => q.id)).toEqual(ids)

    await api.ok(admin.client, `/api/admin/questions/${added.id}`, { method: 'DELETE' })
    const gone = await admin.client.request(`/api/admin/questions/${added.id}`, {
      method: 'DELETE',
    })
    expect(gone.status).toBe(404)

    const entries = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'setting')))
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'question.add',
        'question.update',
        'question.reorder',
        'question.remove',
      ]),
    )
  })

  // Last in this file: it removes one of the starting questions.
  it('removing the question a running round shows moves that round on to the next one at once', async () => {
    const { admin, guest, eventId, roundId, first, skip } = await firstRoundRunning('es')
    const { question: second } = await api.ok<{ question: { id: string } }>(admin.client, skip)

    // The owner removes the one on the screen: her phone and the screen show another at once,
    // neither of the round's earlier ones.
    await api.ok(admin.client, `/api/admin/questions/${second.id}`, { method: 'DELETE' })
    const after = (await shown(guest, eventId)).round?.question
    expect(after?.id).toBeTruthy()
    expect([first.id, second.id]).not.toContain(after?.id)
    const turns = await db()
      .select({ questionId: roundQuestions.questionId })
      .from(roundQuestions)
      .where(eq(roundQuestions.roundId, roundId))
    expect(turns.map((turn) => turn.questionId)).toEqual(
      expect.arrayContaining([first.id, after?.id]),
    )

    // One it showed before, removed now, leaves the one on the screen where it is.
    await api.ok(admin.client, `/api/admin/questions/${first.id}`, { method: 'DELETE' })
    expect((await shown(guest, eventId)).round?.question?.id).toBe(after?.id)
    await api.endRunning(admin)
  }, 120_000)
})
