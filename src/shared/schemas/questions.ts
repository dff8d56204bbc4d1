import { z } from 'zod'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '../languages.ts'

/** A conversation starter's longest text: it must fit the big screen in one or two lines. */
export const QUESTION_MAX_LENGTH = 200

const LINE_BREAK_OR_CONTROL = /\p{Cc}/u
const oneQuestionText = z
  .string()
  .trim()
  .max(QUESTION_MAX_LENGTH, { error: 'questionTooLong' })
  .refine((value) => !LINE_BREAK_OR_CONTROL.test(value), { error: 'questionOneLine' })

/** A question's text in each language she wrote it in (missing or empty: not written). */
export type QuestionTexts = Partial<Record<Language, string>>

export const questionTextsSchema = z
  .object({
    hu: oneQuestionText.optional(),
    en: oneQuestionText.optional(),
    es: oneQuestionText.optional(),
    de: oneQuestionText.optional(),
  })
  .transform((texts): QuestionTexts => {
    const kept: QuestionTexts = {}
    for (const language of LANGUAGE_CODES) if (texts[language]) kept[language] = texts[language]
    return kept
  })
  .refine((texts) => Object.keys(texts).length > 0, { error: 'questionEmpty' })

/** POST /api/admin/questions and PUT …/:id: the texts, and whether it is asked. */
export const questionInputSchema = z.object({
  texts: questionTextsSchema,
  active: z.boolean().default(true),
})
export type QuestionInput = z.infer<typeof questionInputSchema>

/** PUT /api/admin/questions/order: every question's id, in the order wanted. */
export const questionOrderSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(1000),
})

export const questionSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  texts: z.object({
    hu: z.string().optional(),
    en: z.string().optional(),
    es: z.string().optional(),
    de: z.string().optional(),
  }),
  /** The languages it has no text in: each falls back (questionText). */
  missing: z.array(z.enum(LANGUAGE_CODES as [Language, ...Language[]])),
  /** When it was last asked at an evening, if ever. */
  lastAskedAt: z.string().nullable(),
})
export type Question = z.infer<typeof questionSchema>

export const questionListSchema = z.object({ questions: z.array(questionSchema) })

/**
 * The text a reader of `language` sees, and its language: hers, else the Hungarian (the brand's
 * own language), else English, else whichever was written. A page marks a fallback with `lang`.
 */
export function shownQuestion(
  texts: QuestionTexts,
  language: string,
): { text: string; language: Language } | null {
  const order = [language, DEFAULT_LANGUAGE, 'en', ...LANGUAGE_CODES]
  for (const code of order) {
    if (!(LANGUAGE_CODES as readonly string[]).includes(code)) continue
    const text = texts[code as Language]
    if (text) return { text, language: code as Language }
  }
  return null
}

/** The text alone (shownQuestion), '' for none. */
export const questionText = (texts: QuestionTexts, language: string): string =>
  shownQuestion(texts, language)?.text ?? ''

/** The languages a question has no text in. */
export const missingLanguages = (texts: QuestionTexts): Language[] =>
  LANGUAGE_CODES.filter((language) => !texts[language])
