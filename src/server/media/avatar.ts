import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { media } from '../db/schema/media.ts'
import { profiles } from '../db/schema/profiles.ts'
import type { ProcessedImage } from './process-image.ts'

export const AVATAR_SIZE = { width: 256, height: 256 }
export const mediaUrl = (id: string) => `/api/media/${id}`

/** Stores a new avatar and drops the old one, in one transaction. Returns the new URL. */
export async function replaceAvatar(
  db: Db,
  userId: string,
  image: ProcessedImage,
): Promise<string> {
  const id = randomUUID()
  await db.transaction(async (tx) => {
    await tx.delete(media).where(and(eq(media.ownerId, userId), eq(media.kind, 'avatar')))
    await tx.insert(media).values({ id, ownerId: userId, kind: 'avatar', ...image })
    await tx
      .update(profiles)
      .set({ avatarUrl: mediaUrl(id), updatedAt: new Date() })
      .where(eq(profiles.id, userId))
  })
  return mediaUrl(id)
}

export async function removeAvatar(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(media).where(and(eq(media.ownerId, userId), eq(media.kind, 'avatar')))
    await tx
      .update(profiles)
      .set({ avatarUrl: null, updatedAt: new Date() })
      .where(eq(profiles.id, userId))
  })
}
