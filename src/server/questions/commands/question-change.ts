import { eq, sql } from 'drizzle-orm'
import { DEFAULT_LANGUAGE } from '#shared/languages.ts'
import { questionText, type QuestionTexts } from '#shared/schemas/questions.ts'
import type { AuditOrigin } from '../../audit/audit.ts'
import type { Db, Tx } from '../../db/client.ts'
import { events } from '../../db/schema/events.ts'
import { conversationQuestions } from '../../db/schema/questions.ts'
import type { LiveHub } from '../../live/live-hub.ts'

/** What a command on the owner's list of questions is given. Not a command itself. */
export interface QuestionCommandContext {
  db: Db
  origin: AuditOrigin
  live: Pick<LiveHub, 'changed'>
}

export type QuestionRow = typeof conversationQuestions.$inferSelect

/** A question as its audit entry tells it: each language's text, and whether it is asked. */
export const questionValues = (row: { texts: QuestionTexts; active: boolean }) => ({
  question_hu: row.texts.hu ?? null,
  question_en: row.texts.en ?? null,
  question_es: row.texts.es ?? null,
  question_de: row.texts.de ?? null,
  active: row.active,
})

export const questionSubject = (row: { id: string; texts: QuestionTexts }) => ({
  type: 'setting' as const,
  id: row.id,
  label: questionText(row.texts, DEFAULT_LANGUAGE),
})

/**
 * The running evening's screens read their question's text with the state: a changed or removed
 * question is shown anew at once.
 */
export async function tellRunningEvenings(db: Db, live: Pick<LiveHub, 'changed'>) {
  const running = await db.select({ id: events.id }).from(events).where(eq(events.status, 'active'))
  for (const { id } of running) live.changed(id)
}

/** Two owners editing at once take turns: the list's order is read and written under this lock. */
export async function lockQuestions(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lendulet:conversation-questions'))`)
}
