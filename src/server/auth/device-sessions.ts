import { and, desc, eq, gt, ne } from 'drizzle-orm'
import type { DeviceSession } from '#shared/schemas/account.ts'
import type { Db } from '../db/client.ts'
import { session } from '../db/schema/auth.ts'

/** Her sessions that have not expired, most recently used first: one per browser or app. */
export async function listDeviceSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<DeviceSession[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.createdAt))
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentSessionId,
  }))
}

/**
 * Ends one of her sessions: the row goes, so its next request (cookie or bearer token) is
 * signed out. Sessions are read from the database on every request (no cookie cache), so it
 * ends at once. False when she has no such session.
 */
export async function revokeDeviceSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id })
  return deleted.length === 1
}

/**
 * Ends every session of hers but the one asking: each other browser and app (bearer tokens are
 * sessions too) is signed out at its next request, and its open live streams end at their next
 * heartbeat (30 s). The number ended.
 */
export async function revokeOtherDeviceSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)))
    .returning({ id: session.id })
  return deleted.length
}
