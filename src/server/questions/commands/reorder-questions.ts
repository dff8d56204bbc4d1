import { asc, eq } from 'drizzle-orm'
import { DEFAULT_LANGUAGE } from '#shared/languages.ts'
import { questionText } from '#shared/schemas/questions.ts'
import { audited } from '../../audit/audit.ts'
import { conversationQuestions } from '../../db/schema/questions.ts'
import { DomainError } from '../../domain-error.ts'
import { lockQuestions, type QuestionCommandContext } from './question-change.ts'

/**
 * The owner's order: `ids` must name every question once, else the list changed since she read
 * it (409, nothing moved). Among questions equally fresh, the first is asked first. Audited.
 */
export async function reorderQuestions({ db, origin }: QuestionCommandContext, ids: string[]) {
  await audited(db, origin, async (tx) => {
    await lockQuestions(tx)
    const rows = await tx
      .select()
      .from(conversationQuestions)
      .orderBy(asc(conversationQuestions.position), asc(conversationQuestions.createdAt))
    const known = new Set(rows.map((row) => row.id))
    if (ids.length !== rows.length || new Set(ids).size !== ids.length)
      throw new DomainError('questionOrderStale')
    if (!ids.every((id) => known.has(id))) throw new DomainError('questionOrderStale')
    for (const [index, id] of ids.entries())
      await tx
        .update(conversationQuestions)
        .set({ position: index + 1 })
        .where(eq(conversationQuestions.id, id))
    const byId = new Map(rows.map((row) => [row.id, row]))
    const texts = (order: string[]) =>
      order.map((id) => questionText(byId.get(id)?.texts ?? {}, DEFAULT_LANGUAGE))
    return {
      result: null,
      audit: {
        action: 'question.reorder' as const,
        subject: { type: 'setting' as const, id: 'questions', label: null },
        before: { questions: texts(rows.map((row) => row.id)) },
        after: { questions: texts(ids) },
      },
    }
  })
}
