import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EVENING_CLOSING_MS } from '#shared/constants.ts'
import { eventStateSchema, liveStateSchema } from '#shared/live-state.ts'
import { eventParticipants, events } from '../db/schema/events.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { seedPastEvening } from '../test/seed-past-evening.ts'
import { sseReader } from '../test/sse.ts'

const server = httpTestApp()
const db = () => server.harness.database.db
const HOUR_MS = 3_600_000

/** An evening as it happened: its people checked in, its rounds (started at its start) by table. */
async function evening({
  name,
  startTime,
  status,
  endedAt = null,
  present,
  rounds,
}: {
  name: string
  startTime: Date
  status: 'active' | 'inactive'
  endedAt?: Date | null
  present: string[]
  rounds: { started: boolean; tables: string[][] }[]
}) {
  const { eventId } = await seedPastEvening(db(), {
    eventName: name,
    translations: { en: { eventName: `${name} (en)` } },
    startTime,
    duration: 180,
    status,
    startedAt: startTime,
    endedAt,
    participants: present.map((userId) => ({ userId, checkedIn: true })),
    tables: ['Rose', 'Lilac'],
    seats: 4,
    rounds: rounds.map((round) => ({ ...round, startedAt: round.started ? startTime : null })),
  })
  return eventId
}

describe('the closing of an evening', () => {
  it('the live state and her events carry what the room did; her events for 12 hours', async () => {
    const admin = await seedMember(server.harness, server.http.origin, {
      isAdmin: true,
      language: 'en',
    })
    const [anna, bea, cili, dora, emma] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => seedMember(server.harness, server.http.origin, { language: 'en' })),
    )
    if (!anna || !bea || !cili || !dora || !emma) throw new Error('no members')
    const [a, b, c, d] = [anna.userId, bea.userId, cili.userId, dora.userId]

    // A week ago Anna and Bea sat together.
    await evening({
      name: 'Last week',
      startTime: new Date(Date.now() - 7 * 24 * HOUR_MS),
      status: 'inactive',
      endedAt: new Date(Date.now() - 7 * 24 * HOUR_MS + 3 * HOUR_MS),
      present: [a, b],
      rounds: [{ started: true, tables: [[a, b]] }],
    })
    // Tonight: round 1 Anna+Bea (met before), Cili+Dóra; round 2 Anna+Cili, Bea+Dóra; round 3
    // was seated, never started. New: Cili–Dóra, Anna–Cili, Bea–Dóra: 3 pairs among 4 people.
    const tonight = await evening({
      name: 'Tonight',
      startTime: new Date(Date.now() - 2 * HOUR_MS),
      status: 'active',
      present: [a, b, c, d],
      rounds: [
        {
          started: true,
          tables: [
            [a, b],
            [c, d],
          ],
        },
        {
          started: true,
          tables: [
            [a, c],
            [b, d],
          ],
        },
        {
          started: false,
          tables: [
            [a, d],
            [b, c],
          ],
        },
      ],
    })
    // Emma held a place and did not come.
    await db().insert(eventParticipants).values({ eventId: tonight, userId: emma.userId })

    const stream = sseReader(await anna.client.get(`/api/events/${tonight}/live`))
    try {
      const running = liveStateSchema.parse(await stream.next('state'))
      expect(running.closing).toBeNull()
      const end = await admin.client.post(`/api/admin/events/${tonight}/end`, {})
      expect(end.status).toBe(200)
      // Her phone hears the end at once, with the room's figures.
      const ended = liveStateSchema.parse(await stream.next('state', 2_000))
      expect(ended.event.status).toBe('inactive')
      expect(ended.event.endedAt).not.toBeNull()
      expect(ended.closing).toEqual({ people: 4, rounds: 2, newAcquaintances: 3 })
    } finally {
      await stream.close()
    }

    // Without an id, a screen asks for the running event: there is none, so it gets the closing
    // of the evening that ended last (decision 0066: a projector switched on after the end).
    const screen = await bea.client.get('/api/klikkscreen')
    expect(eventStateSchema.parse(await screen.json()).event.id).toBe(tonight)
    const shown = eventStateSchema.parse(
      await (await bea.client.get(`/api/klikkscreen?eventId=${tonight}`)).json(),
    )
    expect(shown.closing).toEqual({ people: 4, rounds: 2, newAcquaintances: 3 })

    // Her events page: the evening she came to, named in her language, with the figures.
    const mine = (await (await anna.client.get('/api/events')).json()) as { ended: unknown }
    expect(mine.ended).toMatchObject({
      id: tonight,
      eventName: 'Tonight (en)',
      textLanguages: { eventName: 'en' },
      people: 4,
      rounds: 2,
      newAcquaintances: 3,
    })
    // Emma did not come: no closing for her.
    const hers = (await (await emma.client.get('/api/events')).json()) as { ended: unknown }
    expect(hers.ended).toBeNull()

    // Twelve hours on, her page has no closing.
    await db()
      .update(events)
      .set({ endedAt: new Date(Date.now() - EVENING_CLOSING_MS - 60_000) })
      .where(eq(events.id, tonight))
    const after = (await (await anna.client.get('/api/events')).json()) as { ended: unknown }
    expect(after.ended).toBeNull()
  })

  it('says nothing of a closing while the evening runs, or for one that never ended', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const planned = await evening({
      name: 'Planned',
      startTime: new Date(Date.now() + 24 * HOUR_MS),
      status: 'inactive',
      present: [member.userId],
      rounds: [],
    })
    const state = eventStateSchema.parse(
      await (await member.client.get(`/api/klikkscreen?eventId=${planned}`)).json(),
    )
    expect(state.closing).toBeNull()
  })
})
