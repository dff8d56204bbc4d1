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
    const field = issue.path[0] as Field
    found[field] ??= t(`validation.${issue.message}` as 'validation.nameRequired')
  }
  return found
}
