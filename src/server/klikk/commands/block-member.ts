import type { Db } from '../../db/client.ts'
import { klikkBlocks } from '../../db/schema/klikk.ts'
import { DomainError } from '../../domain-error.ts'
import { peopleMetBy } from '../../events/people-met.ts'
import type { KlikkEffects } from './pick-member.ts'

/**
 * She blocks a woman she sat with at one of her evenings: from now on that woman never sees her
 * contact (a match between them ends, for both), and the mixer seats them at different tables at
 * every later evening. The blocked one is told nothing: to her it looks like a pick not returned.
 * Not audited, like her picks: the log would tell the admins.
 */
export async function blockMember(
  db: Db,
  { userId, blockedId, language }: { userId: string; blockedId: string; language: string },
  effects: KlikkEffects,
) {
  if (blockedId === userId) throw new DomainError('klikkSelf')
  const met = await peopleMetBy(db, userId, language)
  const sat = met.find((evening) =>
    evening.rounds.some((round) => round.people.some((person) => person.id === blockedId)),
  )
  if (!sat) throw new DomainError('klikkNotTablemate')
  await db.insert(klikkBlocks).values({ blockerId: userId, blockedId }).onConflictDoNothing()
  effects.onMatch(sat.eventId)
  return { blocked: true }
}
