import { useState } from 'react'
import type { z } from 'zod'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { fieldErrors } from '../field-errors.ts'

export type Fields = Partial<Record<string, string>>

/**
 * What a series' forms share (a new series, its tables', its rule's edits): her checks' errors at
 * their fields (focus on the first), the request with its busy button, and a refusal at its fields
 * or as a message that takes focus. `onErrors`: told of every set of errors shown (the new series'
 * form opens the language tab of the first).
 */
export function useSeriesEditForm(onErrors?: (found: Fields) => void) {
  const { t } = useTranslation('events')
  const [errors, setErrors] = useState<Fields>({})
  const formRef = useFocusFirstInvalid(errors)
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const show = (found: Fields) => {
    setErrors(found)
    onErrors?.(found)
  }

  /** Sends a checked form with `save`, then `done` with the answer; a refusal stays here. */
  async function send<I, O>(
    parsed: z.ZodSafeParseResult<I>,
    save: (input: I) => Promise<ApiResult<O>>,
    done: (answer: O) => void,
  ) {
    setFailure(null)
    if (!parsed.success) {
      show(fieldErrors(parsed.error, t))
      return
    }
    setErrors({})
    setPending(true)
    const saved = await save(parsed.data)
    setPending(false)
    if (!saved.ok) {
      show(saved.fields ?? {})
      setFailure(saved.message || t('editor.failed'))
      return
    }
    done(saved.data)
  }
  return { errors, formRef, failure, pending, send }
}
