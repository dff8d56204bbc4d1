import { eq } from 'drizzle-orm'
import type { Language } from '#shared/languages.ts'
import { fullNameOf, namePart } from '#shared/people-names.ts'
import type { UpdateProfile } from '#shared/schemas/profile.ts'
import type { Db } from '../../db/client.ts'
import { user as userTable } from '../../db/schema/auth.ts'
import { profiles } from '../../db/schema/profiles.ts'

/**
 * She changes her given and family name: her account and her profile get them, with the full
 * name (what lists show) composed in the order of the request's language, in one transaction.
 * Not audited: a member's own name is hers to change. Returns both rows as saved.
 */
export async function changeName(db: Db, userId: string, names: UpdateProfile, language: Language) {
  const givenName = namePart(names.givenName) ?? ''
  const familyName = namePart(names.familyName)
  const fullName = fullNameOf(givenName, familyName, language)
  const now = new Date()
  return db.transaction(async (tx) => {
    const [named] = await tx
      .update(userTable)
      .set({ givenName, familyName, name: fullName, updatedAt: now })
      .where(eq(userTable.id, userId))
      .returning()
    const [updated] = await tx
      .update(profiles)
      .set({ fullName, updatedAt: now })
      .where(eq(profiles.id, userId))
      .returning()
    return { named, updated }
  })
}
