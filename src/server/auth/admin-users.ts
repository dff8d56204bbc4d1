import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { USERS_PAGE_SIZE, type UserRole, type UsersQuery } from '#shared/schemas/admin-users.ts'
import type { Db } from '../db/client.ts'
import { eventNoShows } from '../db/schema/events.ts'
import { profiles } from '../db/schema/profiles.ts'
import { DomainError } from '../domain-error.ts'
import { containsPattern } from '../db/like-pattern.ts'

const columns = {
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  isAdmin: profiles.isAdmin,
  userCode: profiles.userCode,
  createdAt: profiles.createdAt,
  /** Her no-shows still standing (decision 0091): the host sees them, she is never told. */
  noShows:
    sql<number>`(select count(*) from ${eventNoShows} where ${eventNoShows.userId} = ${profiles.id} and ${eventNoShows.clearedAt} is null)`.mapWith(
      Number,
    ),
}

function searchOf(q: string): SQL | undefined {
  if (!q) return undefined
  const pattern = containsPattern(q)
  return or(
    ilike(profiles.fullName, pattern),
    ilike(profiles.email, pattern),
    ilike(profiles.userCode, pattern),
  )
}

/**
 * The admin's users list: one page, newest first, searched by name, e-mail or member code, with
 * how many match and how many admins the site has (the list never lets the last one go).
 */
export async function listUsers(db: Db, { q, page }: UsersQuery) {
  const where = searchOf(q)
  const [users, [matching], [admins]] = await Promise.all([
    db
      .select(columns)
      .from(profiles)
      .where(where)
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(profiles).where(where),
    db.select({ n: count() }).from(profiles).where(eq(profiles.isAdmin, true)),
  ])
  return {
    users,
    matching: matching?.n ?? 0,
    page,
    pageSize: USERS_PAGE_SIZE,
    admins: admins?.n ?? 0,
  }
}

/**
 * Grants or revokes the admin role. The site always keeps one admin: revoking the last one is
 * refused. The admins' rows are locked first, so two admins revoking each other at the same
 * moment cannot both succeed.
 */
export async function setUserRole(db: Db, userId: string, role: UserRole) {
  const isAdmin = role === 'admin'
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.isAdmin, true))
      .for('update')
    const [target] = await tx
      .select({ id: profiles.id, isAdmin: profiles.isAdmin })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update')
    if (!target) throw new DomainError('userNotFound')
    if (target.isAdmin === isAdmin) return { id: target.id, isAdmin }
    if (!isAdmin && admins.length <= 1) throw new DomainError('lastAdmin')
    const [updated] = await tx
      .update(profiles)
      .set({ isAdmin, updatedAt: new Date() })
      .where(eq(profiles.id, userId))
      .returning({ id: profiles.id, isAdmin: profiles.isAdmin })
    if (!updated) throw new DomainError('userNotFound')
    return updated
  })
}
