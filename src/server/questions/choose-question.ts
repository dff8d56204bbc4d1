import { and, asc, desc, eq, inArray, lt, max, ne } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { eventRounds, events, eventTableAssignments } from '../db/schema/events.ts'
import { conversationQuestions, roundQuestions } from '../db/schema/questions.ts'

/** A question as a round shows it. */
export interface ChosenQuestion {
  id: string
  texts: typeof conversationQuestions.$inferSelect.texts
}

/**
 * How each switched-on question stands for a round of `eventId` (decision 86), best first:
 * 1. not yet shown tonight (no repeat within an evening while the list lasts);
 * 2. fewest of the round's seated women who heard it at their own previous evening (the last
 *    earlier evening where she sat at a table; she heard what her round showed, skips included);
 * 3. least recently asked at any evening (never first): the evening's own last evening, and
 *    the ones before it, come last;
 * 4. the owner's order.
 */
async function rankQuestions(tx: Tx, eventId: string, roundId: string) {
  const candidates = await tx
    .select({ id: conversationQuestions.id, texts: conversationQuestions.texts })
    .from(conversationQuestions)
    .where(eq(conversationQuestions.active, true))
    .orderBy(asc(conversationQuestions.position), asc(conversationQuestions.createdAt))
  if (candidates.length === 0) return []

  const [event] = await tx
    .select({ startTime: events.startTime })
    .from(events)
    .where(eq(events.id, eventId))
  if (!event) return []

  const [tonight, lastAsked, seated] = await Promise.all([
    tx
      .selectDistinct({ questionId: roundQuestions.questionId })
      .from(roundQuestions)
      .innerJoin(eventRounds, eq(eventRounds.id, roundQuestions.roundId))
      .where(eq(eventRounds.eventId, eventId)),
    tx
      .select({ questionId: roundQuestions.questionId, at: max(roundQuestions.shownAt) })
      .from(roundQuestions)
      .groupBy(roundQuestions.questionId),
    tx
      .select({ userId: eventTableAssignments.userId })
      .from(eventTableAssignments)
      .where(eq(eventTableAssignments.roundId, roundId)),
  ])
  const people = seated.map((seat) => seat.userId)

  // Each woman's previous evening: the latest one that began before tonight's where she sat.
  const heardBy = new Map<string, number>()
  if (people.length > 0) {
    const earlierSeats = await tx
      .selectDistinctOn([eventTableAssignments.userId], {
        userId: eventTableAssignments.userId,
        eventId: eventRounds.eventId,
      })
      .from(eventTableAssignments)
      .innerJoin(eventRounds, eq(eventRounds.id, eventTableAssignments.roundId))
      .innerJoin(events, eq(events.id, eventRounds.eventId))
      .where(
        and(
          inArray(eventTableAssignments.userId, people),
          eq(eventRounds.started, true),
          ne(eventRounds.eventId, eventId),
          lt(events.startTime, event.startTime),
        ),
      )
      .orderBy(eventTableAssignments.userId, desc(events.startTime))
    const previous = new Map(earlierSeats.map((seat) => [seat.userId, seat.eventId]))
    const evenings = [...new Set(previous.values())]
    if (evenings.length > 0) {
      const heard = await tx
        .selectDistinct({
          userId: eventTableAssignments.userId,
          eventId: eventRounds.eventId,
          questionId: roundQuestions.questionId,
        })
        .from(roundQuestions)
        .innerJoin(eventRounds, eq(eventRounds.id, roundQuestions.roundId))
        .innerJoin(eventTableAssignments, eq(eventTableAssignments.roundId, roundQuestions.roundId))
        .where(
          and(
            inArray(eventRounds.eventId, evenings),
            inArray(eventTableAssignments.userId, people),
          ),
        )
      for (const row of heard)
        if (previous.get(row.userId) === row.eventId)
          heardBy.set(row.questionId, (heardBy.get(row.questionId) ?? 0) + 1)
    }
  }

  const askedTonight = new Set(tonight.map((row) => row.questionId))
  const askedAt = new Map(lastAsked.map((row) => [row.questionId, row.at?.getTime() ?? 0]))
  return candidates
    .map((question, order) => ({
      question,
      key: [
        askedTonight.has(question.id) ? 1 : 0,
        heardBy.get(question.id) ?? 0,
        askedAt.get(question.id) ?? -1,
        order,
      ],
    }))
    .sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) {
        const difference = (a.key[i] ?? 0) - (b.key[i] ?? 0)
        if (difference !== 0) return difference
      }
      return 0
    })
    .map(({ question }) => question)
}

/** The questions a round has shown, first to last. */
async function shownInRound(tx: Tx, roundId: string) {
  return tx
    .select({ questionId: roundQuestions.questionId, turn: roundQuestions.turn })
    .from(roundQuestions)
    .where(eq(roundQuestions.roundId, roundId))
    .orderBy(asc(roundQuestions.turn))
}

/**
 * Chooses the next question of a round and stores it with the round (a restart, or another
 * server process, shows the same one). Never one the round has already shown; null when the
 * list has none to give. Run in the transaction that starts the round, or skips, under the
 * event's lock.
 */
export async function chooseQuestion(
  tx: Tx,
  eventId: string,
  roundId: string,
  now: Date = new Date(),
): Promise<ChosenQuestion | null> {
  const [ranked, shown] = await Promise.all([
    rankQuestions(tx, eventId, roundId),
    shownInRound(tx, roundId),
  ])
  const inRound = new Set(shown.map((row) => row.questionId))
  const chosen = ranked.find((question) => !inRound.has(question.id))
  if (!chosen) return null
  await tx.insert(roundQuestions).values({
    roundId,
    questionId: chosen.id,
    turn: (shown.at(-1)?.turn ?? 0) + 1,
    shownAt: now,
  })
  return chosen
}

/** The question a round shows now (its last turn), or null. */
export async function currentQuestion(
  db: Pick<Tx, 'select'>,
  roundId: string,
): Promise<ChosenQuestion | null> {
  const [row] = await db
    .select({ id: conversationQuestions.id, texts: conversationQuestions.texts })
    .from(roundQuestions)
    .innerJoin(conversationQuestions, eq(conversationQuestions.id, roundQuestions.questionId))
    .where(eq(roundQuestions.roundId, roundId))
    .orderBy(desc(roundQuestions.turn))
    .limit(1)
  return row ?? null
}

/** The question each of the given rounds shows now, by round id (rounds without one left out). */
export async function currentQuestions(
  db: Pick<Tx, 'select'>,
  roundIds: string[],
): Promise<Map<string, ChosenQuestion>> {
  if (roundIds.length === 0) return new Map()
  const rows = await db
    .select({
      roundId: roundQuestions.roundId,
      id: conversationQuestions.id,
      texts: conversationQuestions.texts,
    })
    .from(roundQuestions)
    .innerJoin(conversationQuestions, eq(conversationQuestions.id, roundQuestions.questionId))
    .where(inArray(roundQuestions.roundId, roundIds))
    .orderBy(asc(roundQuestions.turn))
  return new Map(rows.map(({ roundId, id, texts }) => [roundId, { id, texts }]))
}
