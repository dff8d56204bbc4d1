const HOUR_MS = 60 * 60_000

/** What the window needs of an evening: when the host ended it, and how long picks stay open. */
export interface KlikkEvening {
  endedAt: Date | null
  klikkWindowHours: number
}

/**
 * Picks open when the host ends the evening and close `klikkWindowHours` later (48 unless the host
 * set 24–168). Before the end there is no window yet.
 */
export function klikkWindow({ endedAt, klikkWindowHours }: KlikkEvening, now: Date) {
  if (!endedAt) return { closesAt: null, open: false, ended: false }
  const closesAt = new Date(endedAt.getTime() + klikkWindowHours * HOUR_MS)
  return { closesAt, open: now < closesAt, ended: true }
}
