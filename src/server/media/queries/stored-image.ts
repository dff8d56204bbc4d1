import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { media } from '../../db/schema/media.ts'

/** A stored image's bytes and type, by its id; null when there is none. */
export async function storedImage(
  db: Db,
  id: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [found] = await db
    .select({ bytes: media.bytes, contentType: media.contentType })
    .from(media)
    .where(eq(media.id, id))
  return found ?? null
}
