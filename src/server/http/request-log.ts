import type { Logger } from 'pino'
import { truncate } from './truncate.ts'

/** The line logged for every request answered (by the app, or by the hot read before it). */
export function logRequest(
  logger: Logger,
  request: {
    method: string
    path: string
    status: number
    ms: number
    ip: string | undefined
    ua: string | undefined
  },
) {
  logger.info(
    {
      method: request.method,
      // A path can be as long as a client likes: the log keeps its start.
      path: truncate(request.path),
      status: request.status,
      ms: Math.round(request.ms),
      ip: request.ip,
      ua: truncate(request.ua),
    },
    'request',
  )
}
