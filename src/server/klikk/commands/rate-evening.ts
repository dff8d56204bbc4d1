import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventRounds, eventTableAssignments } from '../../db/schema/events.ts'
import { klikkFeedback } from '../../db/schema/klikk.ts'
import { DomainError } from '../../domain-error.ts'
import { findEvent } from '../../events/event-base.ts'
import { klikkWindow } from '../queries/klikk-window.ts'

export interface RateEveningOptions {
  userId: string
  eventId: string
  /** 1 to 5. */
  rating: number
  /** Trimmed; null for none. */
  comment: string | null
  now?: Date
}

/**
 * How the evening felt: her answer (1–5, and a comment if she likes), one per member and evening;
 * again, it replaces the first one. Only while the klikk window is open, and only at an evening
 * she was seated at (in a round that started). Not audited, and the answer names nothing but
 * itself: the owner's dashboard shows ratings and comments, never whose (decision 87).
 */
export async function rateEvening(
  db: Db,
  { userId, eventId, rating, comment, now = new Date() }: RateEveningOptions,
): Promise<{ rating: number; comment: string | null }> {
  const event = await findEvent(db, eventId)
  const [seat] = await db
    .select({ roundId: eventTableAssignments.roundId })
    .from(eventTableAssignments)
    .innerJoin(
      eventRounds,
      and(eq(eventRounds.id, eventTableAssignments.roundId), eq(eventRounds.started, true)),
    )
    .where(and(eq(eventRounds.eventId, eventId), eq(eventTableAssignments.userId, userId)))
    .limit(1)
  if (!seat) throw new DomainError('klikkFeedbackNotSeated')
  const window = klikkWindow(event, now)
  if (!window.ended) throw new DomainError('klikkFeedbackNotOpen')
  if (!window.open) throw new DomainError('klikkFeedbackClosed')

  await db
    .insert(klikkFeedback)
    .values({ eventId, userId, rating, comment })
    .onConflictDoUpdate({
      target: [klikkFeedback.eventId, klikkFeedback.userId],
      set: { rating, comment },
    })
  return { rating, comment }
}
