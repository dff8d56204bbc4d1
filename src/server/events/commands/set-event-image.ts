import type { ProcessedImage } from '../../media/process-image.ts'
import * as steps from '../events.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Stores the event's new image (the old one goes) and returns its URL. */
export async function setEventImage(
  ctx: EventCommandContext,
  eventId: string,
  image: ProcessedImage,
): Promise<string> {
  const imageUrl = await auditedEventChange(ctx, eventId, 'event.image', async (tx, before) => {
    const url = await steps.setEventImage(tx, eventId, image)
    return { result: url, before: { imageUrl: before.imageUrl }, after: { imageUrl: url } }
  })
  ctx.live.changed(eventId)
  return imageUrl
}
