import { describe, expect, it } from 'vitest'
import { cardCountdown, formatClock, nextTickIn, roundState } from './countdown.ts'

const now = Date.parse('2026-11-21T18:00:00Z')
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString()
const event = (startOffsetMs: number, status = 'inactive', endedAt: string | null = null) => ({
  startTime: at(startOffsetMs),
  status,
  endedAt,
})
const round = (startedOffsetMs: number | null, finished = false) => ({
  roundNumber: 2,
  started: startedOffsetMs !== null,
  finished,
  startedAt: startedOffsetMs === null ? null : at(startedOffsetMs),
  durationMinutes: 60,
})

describe('the event card countdown (SPEC section 4)', () => {
  it('counts days and hours before a start a day or more away', () => {
    expect(cardCountdown(event(2 * 86_400_000 + 5 * 3_600_000 + 59_000), null, now)).toEqual({
      key: 'startsInDays',
      days: 2,
      hours: 5,
    })
  })

  it('counts hours, minutes and seconds before a start within a day', () => {
    expect(cardCountdown(event(3 * 3_600_000 + 4 * 60_000 + 5_000), null, now)).toEqual({
      key: 'startsIn',
      time: '3:04:05',
    })
    expect(cardCountdown(event(59_500), null, now)).toEqual({ key: 'startsIn', time: '01:00' })
  })

  it('shows the time left in a running round, then "Round ended"', () => {
    const active = event(-3_600_000, 'active')
    expect(cardCountdown(active, round(-45 * 60_000), now)).toEqual({
      key: 'roundTimeLeft',
      number: 2,
      time: '15:00',
    })
    expect(cardCountdown(active, round(-60 * 60_000), now)).toEqual({ key: 'roundEnded' })
    expect(cardCountdown(active, round(-5 * 60_000, true), now)).toEqual({ key: 'roundEnded' })
  })

  it('waits for a round when the event is on but no round has started', () => {
    expect(cardCountdown(event(-60_000, 'active'), null, now)).toEqual({ key: 'waitingForRound' })
    expect(cardCountdown(event(60_000, 'active'), round(null), now)).toEqual({
      key: 'waitingForRound',
    })
    expect(cardCountdown(event(-60_000), null, now)).toEqual({ key: 'waitingForRound' })
  })

  it('says when the event has ended', () => {
    expect(cardCountdown(event(-7_200_000, 'inactive', at(-60_000)), null, now)).toEqual({
      key: 'eventEnded',
    })
  })

  it('formats clocks without going negative', () => {
    expect(formatClock(-5)).toBe('00:00')
    expect(formatClock(61_000)).toBe('01:01')
    expect(formatClock(36_000_000)).toBe('10:00:00')
  })

  it('tells a round pending, running, or ended once finished or out of time', () => {
    expect(roundState(round(null), now)).toBe('pending')
    expect(roundState(round(-30 * 60_000), now)).toBe('running')
    expect(roundState(round(-30 * 60_000, true), now)).toBe('ended')
    expect(roundState(round(-60 * 60_000), now)).toBe('ended')
  })
})

describe('screens that count down together', () => {
  const end = now + 3_600_000
  /** The times a screen that opened at `opened` refreshes, until `until`. */
  const ticks = (opened: number, until: number, next: (at: number) => number) => {
    const times = [opened]
    while ((times.at(-1) ?? until) < until) {
      const at = times.at(-1) ?? until
      times.push(at + next(at))
    }
    return times
  }
  /** What a screen with these refreshes shows at `t`: the countdown as of its last refresh. */
  const shownAt = (times: number[], t: number) =>
    formatClock(end - (times.findLast((at) => at <= t) ?? t))

  it('turn each second at the same moment, whenever each one opened', () => {
    const bigScreen = ticks(now + 137, now + 6_000, (at) => nextTickIn(end - at))
    const phone = ticks(now + 851, now + 6_000, (at) => nextTickIn(end - at))
    for (let t = now + 851; t < now + 6_000; t += 1)
      expect([t, shownAt(phone, t)]).toEqual([t, shownAt(bigScreen, t)])
    // The first second of an hour's round reads 1:00:00 on both, then 59:59 on both.
    expect(shownAt(phone, now + 900)).toBe('1:00:00')
    expect(shownAt(bigScreen, now + 1_000)).toBe('59:59')
    // (Refreshing every 1000 ms from the opening, as before, had them a second apart.)
    const everySecond = ticks(now + 851, now + 6_000, () => 1_000)
    expect(shownAt(everySecond, now + 1_500)).not.toBe(shownAt(bigScreen, now + 1_500))
  })

  it('wait for the next whole second of the time left', () => {
    expect(nextTickIn(3_599_400)).toBe(400)
    expect(nextTickIn(3_599_000)).toBe(1_000)
    expect(nextTickIn(1)).toBe(1)
    expect(nextTickIn(0)).toBe(1_000)
    expect(nextTickIn(-5)).toBe(1_000)
  })
})
