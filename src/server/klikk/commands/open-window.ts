import type { Db } from '../../db/client.ts'
import { DomainError } from '../../domain-error.ts'
import { findEvent } from '../../events/event-base.ts'
import { klikkWindow } from '../queries/klikk-window.ts'

/**
 * The evening, while its klikk window is open: picks and withdrawals are refused before the host
 * ends it (`klikkNotOpen`) and once the window has closed (`klikkClosed`).
 */
export async function openWindow(db: Db, eventId: string, now: Date) {
  const event = await findEvent(db, eventId)
  const window = klikkWindow(event, now)
  if (!window.ended) throw new DomainError('klikkNotOpen')
  if (!window.open) throw new DomainError('klikkClosed')
  return event
}
