import { createScreenLink as makeLink } from '../../live/screen-links.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** A new big-screen link and code for the event (the old one stops); shown this once. */
export async function createScreenLink(ctx: EventCommandContext, eventId: string) {
  const made = await auditedEventChange(ctx, eventId, 'screen_link.create', async (tx) => ({
    result: await makeLink(tx, eventId, ctx.origin.actor.userId),
  }))
  ctx.live.changed(eventId)
  return made
}
