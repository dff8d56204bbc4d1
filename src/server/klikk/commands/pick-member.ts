import { and, eq } from 'drizzle-orm'
import type { KlikkKind } from '#shared/schemas/klikk.ts'
import type { Db } from '../../db/client.ts'
import { klikkPicks } from '../../db/schema/klikk.ts'
import { DomainError } from '../../domain-error.ts'
import { mutualPicks } from '../queries/mutual-picks.ts'
import { pickableAt } from '../queries/my-klikk.ts'
import { openWindow } from './open-window.ts'

export interface PickMemberOptions {
  userId: string
  eventId: string
  pickedId: string
  kind: KlikkKind
  /** Her language: the evening's texts are read in it (not shown here, but the query wants one). */
  language: string
  now?: Date
}

export interface KlikkEffects {
  /** After commit: a pick became mutual at this evening (both pages show it at once). */
  onMatch: (eventId: string) => void
}

/**
 * "I'd meet her again": she picks a woman she sat with at that evening, as a friend or a training
 * buddy (picking her again changes the kind). Refused, with nothing stored: herself, anyone not
 * at her table at that evening (or hidden from picks), an evening not yet ended or whose window
 * has closed. Not audited: a pick is hers alone, and the log would show it to the admins.
 * Answers only whether it is now a match, which a one-way pick never reveals.
 */
export async function pickMember(
  db: Db,
  { userId, eventId, pickedId, kind, language, now = new Date() }: PickMemberOptions,
  effects: KlikkEffects,
): Promise<{ match: boolean }> {
  if (pickedId === userId) throw new DomainError('klikkSelf')
  await openWindow(db, eventId, now)
  const [evening] = await pickableAt(db, userId, language, eventId)
  // An evening she was not seated at is not hers to know about.
  if (!evening) throw new DomainError('eventNotFound')
  const sat = evening.rounds.some((round) => round.people.some((person) => person.id === pickedId))
  if (!sat) throw new DomainError('klikkNotTablemate')

  const match = await db.transaction(async (tx) => {
    await tx
      .insert(klikkPicks)
      .values({ eventId, pickerId: userId, pickedId, kind })
      .onConflictDoUpdate({
        target: [klikkPicks.eventId, klikkPicks.pickerId, klikkPicks.pickedId],
        set: { kind },
      })
    const mutual = await mutualPicks(
      tx,
      and(
        eq(klikkPicks.eventId, eventId),
        eq(klikkPicks.pickerId, userId),
        eq(klikkPicks.pickedId, pickedId),
      ),
    )
    return mutual.length > 0
  })
  if (match) effects.onMatch(eventId)
  return { match }
}
