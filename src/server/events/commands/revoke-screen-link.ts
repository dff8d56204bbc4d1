import { revokeScreenLink as revokeLink } from '../../live/screen-links.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** The event's big-screen link and code stop working; a screen showing it hears so at once. */
export async function revokeScreenLink(ctx: EventCommandContext, eventId: string): Promise<void> {
  await auditedEventChange(ctx, eventId, 'screen_link.revoke', async (tx) => {
    await revokeLink(tx, eventId)
    return { result: null }
  })
  ctx.live.changed(eventId)
}
