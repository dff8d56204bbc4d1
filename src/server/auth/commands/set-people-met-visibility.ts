import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { profiles } from '../../db/schema/profiles.ts'
import type { Profile } from '../profiles.ts'

/** Whether she shows in other members' "people you met" lists. Returns her profile as saved. */
export async function setPeopleMetVisibility(
  db: Db,
  profileId: string,
  visible: boolean,
): Promise<Profile | undefined> {
  const [updated] = await db
    .update(profiles)
    .set({ peopleMetVisible: visible, updatedAt: new Date() })
    .where(eq(profiles.id, profileId))
    .returning()
  return updated
}
