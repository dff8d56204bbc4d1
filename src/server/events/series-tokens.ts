import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The unfollow link of a series' e-mail: the series and the member, signed with the server's
 * secret, so it works without signing in and for that series alone (decision 0088).
 */
export function seriesUnfollowToken(secret: string, seriesId: string, userId: string): string {
  const payload = Buffer.from(`${seriesId}:${userId}`).toString('base64url')
  return `${payload}.${mac(secret, payload)}`
}

/** The series and member a token stands for, or undefined when it is not ours. */
export function readSeriesUnfollowToken(
  secret: string,
  token: string,
): { seriesId: string; userId: string } | undefined {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return undefined
  const payload = match[1] ?? ''
  const expected = Buffer.from(mac(secret, payload))
  const given = Buffer.from(match[2] ?? '')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const [seriesId, userId] = Buffer.from(payload, 'base64url').toString().split(':')
  return seriesId && userId ? { seriesId, userId } : undefined
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`series-unfollow:${payload}`).digest('base64url')
