import type { KlikkContactInput } from '#shared/schemas/klikk.ts'
import type { Db } from '../../db/client.ts'
import { klikkSettings } from '../../db/schema/klikk.ts'

/**
 * What her matches see: her e-mail, a phone number or an Instagram handle. Only the one she
 * shares is kept; choosing again replaces it.
 */
export async function chooseContact(db: Db, userId: string, input: KlikkContactInput) {
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
  return { share: values.share, phone: values.phone, instagram: values.instagram }
}
