/** What an event card's countdown line says (SPEC section 4); the texts live in `events:card`. */
export type CardCountdown =
  | { key: 'startsInDays'; days: number; hours: number }
  | { key: 'startsIn'; time: string }
  | { key: 'roundTimeLeft'; number: number; time: string }
  | { key: 'roundEnded' }
  | { key: 'waitingForRound' }
  | { key: 'eventEnded' }

export interface CountdownRound {
  roundNumber: number
  started: boolean
  finished: boolean
  startedAt: string | Date | null
  durationMinutes: number
}

const DAY_MS = 86_400_000

/** 1:05:09, 05:09 — hours only when there are some; never negative. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const mm = String(minutes).padStart(2, '0')
  const ss = String(seconds).padStart(2, '0')
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`
}

/** Milliseconds left in a started round (0 once it has ended or was finished early). */
export function roundTimeLeft(round: CountdownRound, now: number): number {
  if (!round.started || !round.startedAt || round.finished) return 0
  return Math.max(0, new Date(round.startedAt).getTime() + round.durationMinutes * 60_000 - now)
}

/** When a started round's time is up (ms), or null for one not started or finished early. */
export function roundEnd(round: CountdownRound): number | null {
  if (!round.started || !round.startedAt || round.finished) return null
  return new Date(round.startedAt).getTime() + round.durationMinutes * 60_000
}

/**
 * How long until a countdown with `left` ms to go next shows another second (formatClock rounds
 * up: it turns when `left` reaches a whole second). Screens that tick at these moments, on the
 * server's clock, turn their seconds together; ticking every 1000 ms from whenever a screen
 * opened left two screens up to a second apart ("1:00:00" on one, "59:59" on the other).
 */
export function nextTickIn(left: number): number {
  if (left <= 0) return 1000
  return left % 1000 || 1000
}

/** SPEC: a round has ended once finished, or once started_at + duration has passed. */
export function roundState(round: CountdownRound, now: number): 'pending' | 'running' | 'ended' {
  if (!round.started || !round.startedAt) return 'pending'
  return roundTimeLeft(round, now) > 0 ? 'running' : 'ended'
}

/**
 * SPEC: before the event starts, days/hours or hours/minutes/seconds; during a round, the time
 * left; after it, "Round ended"; otherwise "Waiting for the next round". An ended event says so.
 */
export function cardCountdown(
  event: { startTime: string | Date; endedAt: string | Date | null; status: string },
  round: CountdownRound | null,
  now: number,
): CardCountdown {
  if (event.endedAt && event.status !== 'active') return { key: 'eventEnded' }
  const untilStart = new Date(event.startTime).getTime() - now
  if (event.status !== 'active' && untilStart > 0) {
    if (untilStart >= DAY_MS) {
      const days = Math.floor(untilStart / DAY_MS)
      return { key: 'startsInDays', days, hours: Math.floor((untilStart % DAY_MS) / 3_600_000) }
    }
    return { key: 'startsIn', time: formatClock(untilStart) }
  }
  if (round?.started) {
    const left = roundTimeLeft(round, now)
    return left > 0
      ? { key: 'roundTimeLeft', number: round.roundNumber, time: formatClock(left) }
      : { key: 'roundEnded' }
  }
  return { key: 'waitingForRound' }
}
