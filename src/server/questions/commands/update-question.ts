import { eq } from 'drizzle-orm'
import type { QuestionInput } from '#shared/schemas/questions.ts'
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
 * A question's texts, or whether it is asked. A round showing it shows the new text at once; one
 * switched off stays on the round that shows it, and is not chosen again. Audited.
 */
export async function updateQuestion(
  { db, origin, live }: QuestionCommandContext,
  id: string,
  input: QuestionInput,
) {
  const row = await audited(db, origin, async (tx) => {
    const [before] = await tx
      .select()
      .from(conversationQuestions)
      .where(eq(conversationQuestions.id, id))
      .for('update')
    if (!before) throw new DomainError('questionNotFound')
    const [after] = await tx
      .update(conversationQuestions)
      .set({ texts: input.texts, active: input.active, updatedAt: new Date() })
      .where(eq(conversationQuestions.id, id))
      .returning()
    if (!after) throw new DomainError('questionNotFound')
    return {
      result: after,
      audit: {
        action: 'question.update' as const,
        subject: questionSubject(after),
        before: questionValues(before),
        after: questionValues(after),
      },
    }
  })
  await tellRunningEvenings(db, live)
  return row
}
