import { pairValues } from '../event-audit.ts'
import * as keepApart from '../keep-apart.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** A pair kept apart may sit together again. */
export async function removeKeepApart(ctx: EventCommandContext, eventId: string, pairId: string) {
  await auditedEventChange(ctx, eventId, 'keep_apart.remove', async (tx) => {
    const removed = await keepApart.removeKeepApart(tx, eventId, pairId)
    return {
      result: null,
      before: { pairId, ...(await pairValues(tx, removed.userA, removed.userB)) },
    }
  })
  ctx.live.changed(eventId)
}
