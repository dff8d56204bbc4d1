import { questionText } from '#shared/schemas/questions.ts'
import { DEFAULT_LANGUAGE } from '#shared/languages.ts'
import * as rounds from '../rounds.ts'
import { auditedEventChange, type EventCommandContext } from './event-change.ts'

/**
 * The host's "another question": the running round shows the next one at once, on the big screen
 * and every phone (decision 86). Audited with the question before and after, in Hungarian.
 */
export async function skipQuestion(ctx: EventCommandContext, eventId: string, roundId: string) {
  const question = await auditedEventChange(ctx, eventId, 'round.question_skip', async (tx) => {
    const { round, before, after } = await rounds.skipQuestion(tx, eventId, roundId)
    const shown = (question: typeof before) =>
      question ? questionText(question.texts, DEFAULT_LANGUAGE) : null
    return {
      result: after,
      before: { roundId, roundNumber: round.roundNumber, question: shown(before) },
      after: { roundId, roundNumber: round.roundNumber, question: shown(after) },
      keep: ['roundNumber'],
    }
  })
  ctx.live.changed(eventId)
  return { roundId, question }
}
