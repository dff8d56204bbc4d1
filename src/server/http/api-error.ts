import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '../../shared/api-error.ts'
import type { ErrorMessageKey } from '../i18n.ts'

/** Thrown by handlers and domain code; the app turns it into `{ code, message }`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  readonly code: ErrorCode
  /** Key in the `errors` namespace; the message is translated into the request's language. */
  readonly messageKey: ErrorMessageKey

  constructor(status: ContentfulStatusCode, code: ErrorCode, messageKey: ErrorMessageKey) {
    super(code)
    this.status = status
    this.code = code
    this.messageKey = messageKey
  }
}
