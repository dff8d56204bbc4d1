import { describe, expect, it } from 'vitest'
import type { EventListItem } from '../api/admin-events-api.ts'
import { eveningOfToday } from './tonight-card.tsx'

const evening = (
  id: string,
  startTime: string,
  status = 'inactive',
  endedAt: string | null = null,
) => ({ id, startTime, status, endedAt }) as unknown as EventListItem

describe("today's evening on /admin", () => {
  it('is the running one, whatever else is today', () => {
    const now = new Date('2026-11-28T17:00:00Z')
    expect(
      eveningOfToday(
        [
          evening('later', '2026-11-28T18:00:00Z'),
          evening('running', '2026-11-28T16:00:00Z', 'active'),
        ],
        now,
      )?.id,
    ).toBe('running')
  })

  it('goes by the calendar day in Budapest, not the device’s', () => {
    // 00:30 on 29 November in Budapest is still the 28th in UTC: tonight is the 29th's evening.
    const now = new Date('2026-11-28T23:30:00Z')
    const events = [
      evening('yesterday', '2026-11-28T18:00:00Z'),
      evening('tonight', '2026-11-29T18:00:00Z'),
    ]
    expect(eveningOfToday(events, now)?.id).toBe('tonight')
  })

  it('is none once today’s evening has ended', () => {
    const now = new Date('2026-11-28T22:00:00Z')
    expect(
      eveningOfToday(
        [evening('over', '2026-11-28T18:00:00Z', 'inactive', '2026-11-28T21:00:00Z')],
        now,
      ),
    ).toBeNull()
  })
})
