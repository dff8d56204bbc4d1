import { z } from 'zod'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from './languages.ts'

/*
 * An event's texts in the reader's language (decision 0056). The Hungarian texts are the event's
 * own columns and always there; the host may write each of them in the other languages too, and a
 * text she has not written is shown in Hungarian. The address is not among them: it is what maps
 * and calendars search for, the same in every language (directions belong in the description).
 */

export const EVENT_TEXT_FIELDS = ['eventName', 'description', 'placeName'] as const
export type EventTextField = (typeof EVENT_TEXT_FIELDS)[number]
export type EventTexts = Record<EventTextField, string>

/** The languages a host may write besides Hungarian. */
export const TRANSLATED_LANGUAGES = LANGUAGE_CODES.filter(
  (code): code is Exclude<Language, 'hu'> => code !== DEFAULT_LANGUAGE,
)
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number]

/** The texts of one language other than Hungarian: only those she wrote, none of them empty. */
export type EventTranslation = Partial<EventTexts>
/** What the `events.translations` column holds: by language, only the languages with a text. */
export type EventTranslations = Partial<Record<TranslatedLanguage, EventTranslation>>

// Messages are keys in the `events` namespace (validation.*), as in eventInputSchema.
export const EVENT_TEXT_LIMITS = { eventName: 120, description: 4000, placeName: 120 } as const

/** One language's texts as a host sends them; an empty one means "show the Hungarian". */
export const eventTranslationSchema = z
  .object({
    eventName: z
      .string()
      .trim()
      .max(EVENT_TEXT_LIMITS.eventName, { error: 'nameTooLong' })
      .optional(),
    description: z
      .string()
      .trim()
      .max(EVENT_TEXT_LIMITS.description, { error: 'descriptionTooLong' })
      .optional(),
    placeName: z
      .string()
      .trim()
      .max(EVENT_TEXT_LIMITS.placeName, { error: 'placeTooLong' })
      .optional(),
  })
  .meta({
    id: 'EventTranslation',
    description: "One language's texts; a text left out or empty is shown in Hungarian.",
  })

/**
 * The texts in other languages an admin sends: a language left out keeps what it has, `null`
 * removes its texts, and an object replaces them (its empty or missing texts then show in
 * Hungarian).
 */
export const eventTranslationsInputSchema = z
  .object({
    en: eventTranslationSchema.nullable().optional(),
    es: eventTranslationSchema.nullable().optional(),
    de: eventTranslationSchema.nullable().optional(),
  })
  .meta({
    id: 'EventTranslationsInput',
    description:
      'The texts in English, Spanish and German. A language left out keeps its texts, `null` removes them, an object replaces them; a text missing in a language is shown in Hungarian.',
  })
export type EventTranslationsInput = z.infer<typeof eventTranslationsInputSchema>

/** What an admin reads back: by language, the texts written (never an empty one). */
export const eventTranslationsSchema = z
  .object({
    en: eventTranslationSchema.optional(),
    es: eventTranslationSchema.optional(),
    de: eventTranslationSchema.optional(),
  })
  .meta({
    id: 'EventTranslations',
    description: 'The texts the host wrote in English, Spanish and German, by language.',
  })

const written = (text: string | undefined) => (text && text.trim() !== '' ? text.trim() : undefined)

/** Only the texts written, and only the languages with one. */
function compact(translation: EventTranslation | null | undefined): EventTranslation | undefined {
  if (!translation) return undefined
  const kept: EventTranslation = {}
  for (const field of EVENT_TEXT_FIELDS) {
    const text = written(translation[field])
    if (text !== undefined) kept[field] = text
  }
  return Object.keys(kept).length > 0 ? kept : undefined
}

/** The stored translations after an admin's change (see eventTranslationsInputSchema). */
export function mergeTranslations(
  stored: EventTranslations,
  change: EventTranslationsInput | undefined,
): EventTranslations {
  const merged: EventTranslations = {}
  for (const language of TRANSLATED_LANGUAGES) {
    const next = change && language in change ? change[language] : stored[language]
    const kept = compact(next)
    if (kept) merged[language] = kept
  }
  return merged
}

/** One text in `language`, or the Hungarian one, and the language it is in. */
export function eventText<F extends EventTextField>(
  event: Record<F, string> & { translations: EventTranslations },
  field: F,
  language: string,
): { text: string; language: Language } {
  const own =
    language === DEFAULT_LANGUAGE
      ? undefined
      : written(event.translations[language as TranslatedLanguage]?.[field])
  return own === undefined
    ? { text: event[field], language: DEFAULT_LANGUAGE }
    : { text: own, language: language as Language }
}

/** Per text, the language it is shown in (a page sets `lang` on a Hungarian fallback). */
const languageSchema = z.enum(LANGUAGE_CODES as [Language, ...Language[]])
export const eventTextLanguagesSchema = z
  .object({ eventName: languageSchema, description: languageSchema, placeName: languageSchema })
  .meta({
    id: 'EventTextLanguages',
    description:
      "The language each text is in: the request's, or Hungarian where the host has not written it in that language.",
  })
export type EventTextLanguages = z.infer<typeof eventTextLanguagesSchema>

/**
 * The event with its texts in `language` (Hungarian where the host has not written them), which
 * language each one is in, and without the other languages' texts.
 */
export function localizeEvent<T extends EventTexts & { translations: EventTranslations }>(
  event: T,
  language: string,
): Omit<T, 'translations'> & { textLanguages: EventTextLanguages } {
  const rest: Omit<T, 'translations'> & { translations?: unknown } = { ...event }
  delete rest.translations
  const name = eventText(event, 'eventName', language)
  const description = eventText(event, 'description', language)
  const place = eventText(event, 'placeName', language)
  return {
    ...rest,
    eventName: name.text,
    description: description.text,
    placeName: place.text,
    textLanguages: {
      eventName: name.language,
      description: description.language,
      placeName: place.language,
    },
  }
}

/**
 * For the host: per language other than Hungarian, the texts that show in Hungarian because she
 * has not written them (only texts the Hungarian has: an empty description is nobody's gap).
 */
export function textsInHungarian(
  event: EventTexts & { translations: EventTranslations },
): Record<TranslatedLanguage, EventTextField[]> {
  const result = {} as Record<TranslatedLanguage, EventTextField[]>
  for (const language of TRANSLATED_LANGUAGES)
    result[language] = EVENT_TEXT_FIELDS.filter(
      (field) =>
        event[field].trim() !== '' && written(event.translations[language]?.[field]) === undefined,
    )
  return result
}
