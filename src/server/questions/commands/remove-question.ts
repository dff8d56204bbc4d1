import { and, eq, inArray } from 'drizzle-orm'
import { roundState } from '#shared/countdown.ts'
import { audited } from '../../audit/audit.ts'
import type { Tx } from '../../db/client.ts'
import { eventRounds, events } from '../../db/schema/events.ts'
import { conversationQuestions, roundQuestions } from '../../db/schema/questions.ts'
import { DomainError } from '../../domain-error.ts'
import { chooseQuestion, currentQuestion } from '../choose-question.ts'
import {
  questionSubject,
  questionValues,
  tellRunningEvenings,
  type QuestionCommandContext,
} from './question-change.ts'

/**
 * The running rounds that show this question now: each moves on to the next one, as the host's
 * "another question" would, under its evening's lock (taken as a skip takes it, so the two wait
 * for each other). A round with no other question left falls back to the one before, or none.
 */
async function moveRunningRoundsOn(tx: Tx, questionId: string, now: number) {
  const showing = await tx
    .selectDistinct({ roundId: roundQuestions.roundId })
    .from(roundQuestions)
    .where(eq(roundQuestions.questionId, questionId))
  if (showing.length === 0) return
  const rounds = await tx
    .select()
    .from(eventRounds)
    .where(
      and(
        inArray(
          eventRounds.id,
          showing.map((row) => row.roundId),
        ),
        eq(eventRounds.started, true),
        eq(eventRounds.finished, false),
      ),
    )
  for (const round of rounds) {
    if (roundState(round, now) !== 'running') continue
    await tx
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, round.eventId))
      .for('update')
    if ((await currentQuestion(tx, round.id))?.id !== questionId) continue
    await chooseQuestion(tx, round.eventId, round.id, new Date(now))
  }
}

/**
 * Removes a question for good, and with it the record of the rounds that showed it. A round
 * running with it on the screen goes on to the next question at once; an earlier round's record
 * goes with it. To stop asking one but keep it: switch it off. Audited.
 */
export async function removeQuestion({ db, origin, live }: QuestionCommandContext, id: string) {
  await audited(db, origin, async (tx) => {
    await moveRunningRoundsOn(tx, id, Date.now())
    const [removed] = await tx
      .delete(conversationQuestions)
      .where(eq(conversationQuestions.id, id))
      .returning()
    if (!removed) throw new DomainError('questionNotFound')
    return {
      result: removed,
      audit: {
        action: 'question.remove' as const,
        subject: questionSubject(removed),
        before: questionValues(removed),
      },
    }
  })
  await tellRunningEvenings(db, live)
}
