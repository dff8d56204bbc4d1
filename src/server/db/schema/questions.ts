import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { QuestionTexts } from '#shared/schemas/questions.ts'
import { eventRounds } from './events.ts'

/**
 * The owner's conversation starters (issue 40, part 3): one row per question, its text in each
 * language she wrote it in, in her order; one switched off is kept but never asked. The
 * migration that made the table put in the starting set.
 */
export const conversationQuestions = pgTable(
  'conversation_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    texts: jsonb('texts').$type<QuestionTexts>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_questions_position_idx').on(t.position)],
)

/**
 * Every question a round showed, in turn: the first is chosen when the round starts, each skip
 * by the host adds the next. The round's question is the one of its highest `turn`; none of a
 * round's rows is ever asked again that evening.
 */
export const roundQuestions = pgTable(
  'round_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => eventRounds.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => conversationQuestions.id, { onDelete: 'cascade' }),
    turn: integer('turn').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('round_questions_turn_unique').on(t.roundId, t.turn),
    index('round_questions_question_idx').on(t.questionId),
    check('round_questions_turn', sql`${t.turn} >= 1`),
  ],
)
