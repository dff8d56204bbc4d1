import type { TFunction } from 'i18next'
import type { z } from 'zod'

/**
 * The first message per field of a failed parse of a shared events schema, in the user's
 * language (the schemas' messages are keys under `events:validation`).
 */
export function fieldErrors<Field extends string>(
  error: z.ZodError,
  t: TFunction<'events'>,
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {}
  for (const issue of error.issues) {
    // A nested field by its whole path (`translations.en.eventName`), as the server names it.
    const field = issue.path.join('.') as Field
    found[field] ??= t(`validation.${issue.message}` as 'validation.nameRequired')
  }
  return found
}
