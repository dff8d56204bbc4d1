import { eq } from 'drizzle-orm'
import type { Language } from '#shared/languages.ts'
import { isUniqueViolation } from '../db/checks.ts'
import type { Db } from '../db/client.ts'
import { profiles } from '../db/schema/profiles.ts'
import { generateUserCode } from './user-code.ts'

export type Profile = typeof profiles.$inferSelect

/** Creates the profile that belongs to a new user, retrying the rare member-code collision. */
export async function createProfile(
  db: Db,
  user: { id: string; email: string; name: string | null },
  language: Language,
): Promise<Profile> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [created] = await db
        .insert(profiles)
        .values({
          id: user.id,
          email: user.email,
          fullName: user.name?.trim() || null,
          userCode: generateUserCode(),
          language,
        })
        .onConflictDoNothing({ target: profiles.id })
        .returning()
      if (created) return created
      const [existing] = await db.select().from(profiles).where(eq(profiles.id, user.id))
      if (existing) return existing
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error
    }
  }
}

export async function findProfile(db: Db, userId: string): Promise<Profile | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId))
  return profile
}

/**
 * The profile of a signed-in user. Better Auth creates the user and our hook then creates the
 * profile; should that second step ever have failed, the profile is made now instead of leaving
 * the member locked out.
 */
export async function profileOf(
  db: Db,
  user: { id: string; email: string; name: string | null },
  language: Language,
): Promise<Profile> {
  return (await findProfile(db, user.id)) ?? createProfile(db, user, language)
}
