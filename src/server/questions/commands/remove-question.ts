import { eq } from 'drizzle-orm'
import { audited } from '../../audit/audit.ts'
import { conversationQuestions } from '../../db/schema/questions.ts'
import { DomainError } from '../../domain-error.ts'
import {
  questionSubject,
  questionValues,
  tellRunningEvenings,
  type QuestionCommandContext,
} from './question-change.ts'

/**
 * Removes a question for good, and with it the record of the rounds that showed it (a round
 * showing it now shows the one before, or none). To stop asking one but keep it: switch it off.
 * Audited.
 */
export async function removeQuestion({ db, origin, live }: QuestionCommandContext, id: string) {
  await audited(db, origin, async (tx) => {
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
