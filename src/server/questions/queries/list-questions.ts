import { asc, max } from 'drizzle-orm'
import { missingLanguages, type Question } from '#shared/schemas/questions.ts'
import type { Db } from '../../db/client.ts'
import { conversationQuestions, roundQuestions } from '../../db/schema/questions.ts'

/** The owner's list, in her order: each question with the languages it lacks and when last asked. */
export async function listQuestions(db: Db): Promise<Question[]> {
  const [rows, asked] = await Promise.all([
    db
      .select()
      .from(conversationQuestions)
      .orderBy(asc(conversationQuestions.position), asc(conversationQuestions.createdAt)),
    db
      .select({ questionId: roundQuestions.questionId, at: max(roundQuestions.shownAt) })
      .from(roundQuestions)
      .groupBy(roundQuestions.questionId),
  ])
  const lastAsked = new Map(asked.map((row) => [row.questionId, row.at]))
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    active: row.active,
    texts: row.texts,
    missing: missingLanguages(row.texts),
    lastAskedAt: lastAsked.get(row.id)?.toISOString() ?? null,
  }))
}
