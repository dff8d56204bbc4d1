import { max } from 'drizzle-orm'
import type { QuestionInput } from '#shared/schemas/questions.ts'
import { audited } from '../../audit/audit.ts'
import { conversationQuestions } from '../../db/schema/questions.ts'
import {
  lockQuestions,
  questionSubject,
  questionValues,
  type QuestionCommandContext,
} from './question-change.ts'

/** A new conversation starter, at the end of the owner's list. Audited. */
export async function addQuestion({ db, origin }: QuestionCommandContext, input: QuestionInput) {
  return audited(db, origin, async (tx) => {
    await lockQuestions(tx)
    const [{ last } = { last: 0 }] = await tx
      .select({ last: max(conversationQuestions.position) })
      .from(conversationQuestions)
    const [row] = await tx
      .insert(conversationQuestions)
      .values({ texts: input.texts, active: input.active, position: (last ?? 0) + 1 })
      .returning()
    if (!row) throw new Error('question insert returned nothing')
    return {
      result: row,
      audit: {
        action: 'question.add' as const,
        subject: questionSubject(row),
        after: questionValues(row),
      },
    }
  })
}
