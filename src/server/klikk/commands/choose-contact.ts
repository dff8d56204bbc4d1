import { eq } from 'drizzle-orm'
import type { KlikkContactInput } from '#shared/schemas/klikk.ts'
import type { Db } from '../../db/client.ts'
import { klikkPicks, klikkSettings } from '../../db/schema/klikk.ts'
import type { KlikkEffects } from './pick-member.ts'

/**
 * What her matches see: her e-mail, a phone number or an Instagram handle. Only the one she
 * shares is kept; choosing again replaces it. Her matches' open pages show the change at once:
 * each evening she picked at is told it changed (a match needs her pick).
 */
export async function chooseContact(
  db: Db,
  userId: string,
  input: KlikkContactInput,
  effects: KlikkEffects,
) {
  const values = {
    share: input.share,
    phone: input.share === 'phone' ? input.phone : null,
    instagram: input.share === 'instagram' ? input.instagram : null,
    updatedAt: new Date(),
  }
  await db
    .insert(klikkSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: klikkSettings.userId, set: values })
  const evenings = await db
    .selectDistinct({ eventId: klikkPicks.eventId })
    .from(klikkPicks)
    .where(eq(klikkPicks.pickerId, userId))
  for (const { eventId } of evenings) effects.onMatch(eventId)
  return { share: values.share, phone: values.phone, instagram: values.instagram }
}
