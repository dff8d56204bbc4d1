/** How long one code stays quiet after it was last seen: a code held up to the camera fires once. */
export const SCAN_REPEAT_MS = 3_000

/**
 * Lets a scanned text through when it is new: not the text let through last, or that text after
 * `quietMs` without a sighting. Each sighting of the same text restarts the quiet time, so a code
 * held in front of the camera for a minute is reported once; shown again after a 3 s pause, again.
 */
export function createRepeatFilter(quietMs = SCAN_REPEAT_MS) {
  let last: { text: string; seenAt: number } | null = null
  return (text: string, now: number): boolean => {
    const fresh = last?.text !== text || now - last.seenAt >= quietMs
    last = { text, seenAt: now }
    return fresh
  }
}
