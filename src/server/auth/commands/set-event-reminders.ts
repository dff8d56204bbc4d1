import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { profiles } from '../../db/schema/profiles.ts'
import type { Profile } from '../profiles.ts'

/** Whether she gets a reminder e-mail before her events. Returns her profile as saved. */
export async function setEventReminders(
  db: Db,
  profileId: string,
  enabled: boolean,
): Promise<Profile | undefined> {
  const [updated] = await db
    .update(profiles)
    .set({ eventReminders: enabled, updatedAt: new Date() })
    .where(eq(profiles.id, profileId))
    .returning()
  return updated
}
