import type { Auth } from '../auth/auth.ts'

const REMEMBER_MS = 10_000
const MAX_ENTRIES = 10_000

/**
 * "Is this a signed-in user?" for the live screens, remembered for 10 s per session cookie: a
 * room of screens polling every 5 s would otherwise ask the database on every read. A session
 * revoked meanwhile loses its view within those 10 s.
 */
export function createViewerCheck(auth: Auth) {
  const known = new Map<string, { userId: string; until: number }>()
  /** The user of a session cookie checked in the last 10 s, without asking (else null). */
  const recent = (cookie: string | undefined, now = Date.now()): string | null => {
    const hit = cookie ? known.get(cookie) : undefined
    return hit && hit.until > now ? hit.userId : null
  }
  const viewerOf = async (headers: Headers): Promise<string | null> => {
    const cookie = headers.get('cookie') ?? ''
    const now = Date.now()
    const hit = recent(cookie, now)
    if (hit) return hit
    const found = await auth.api.getSession({ headers })
    if (!found) {
      known.delete(cookie)
      return null
    }
    if (known.size >= MAX_ENTRIES) known.clear()
    known.set(cookie, { userId: found.user.id, until: now + REMEMBER_MS })
    return found.user.id
  }
  return { viewerOf, recent }
}
export type ViewerCheck = ReturnType<typeof createViewerCheck>
