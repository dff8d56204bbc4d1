import { pairValues } from '../event-audit.ts'
import * as keepApart from '../keep-apart.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/** Two participants the mixer seats at different tables from now on. */
export async function addKeepApart(
  ctx: EventCommandContext,
  eventId: string,
  userA: string,
  userB: string,
) {
  const pair = await auditedEventChange(ctx, eventId, 'keep_apart.add', async (tx) => {
    const added = await keepApart.addKeepApart(tx, eventId, userA, userB)
    return {
      result: added,
      after: { pairId: added.id, ...(await pairValues(tx, added.userA, added.userB)) },
    }
  })
  ctx.live.changed(eventId)
  return pair
}
