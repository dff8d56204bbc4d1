import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '#shared/api-error.ts'
import type { ErrorMessageKey } from '../i18n.ts'

/** Thrown by handlers and domain code; the app turns it into `{ code, message }`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  readonly code: ErrorCode
  /** Key in the `errors` namespace (or `ns:key`); translated into the request's language. */
  readonly messageKey: ErrorMessageKey
  /** Values the message interpolates ({{people}}, ...). */
  readonly values: Record<string, string | number> | undefined
  /** Per-field message keys for a form, by field name. */
  readonly fields: Record<string, ErrorMessageKey> | undefined

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    messageKey: ErrorMessageKey,
    details: {
      values?: Record<string, string | number>
      fields?: Record<string, ErrorMessageKey>
    } = {},
  ) {
    super(code)
    this.status = status
    this.code = code
    this.messageKey = messageKey
    this.values = details.values
    this.fields = details.fields
  }
}
