import type { Logger } from 'pino'
import type { AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import type { WelcomeEmailRow } from '../welcome-series.ts'

/** What every welcome-series command is given: the database, who asks, and the effect after commit. */
export interface WelcomeCommandContext {
  db: Db
  origin: AuditOrigin
  log: Logger
  /** After commit: the mail worker looks for due work at once. */
  wakeSender: () => void
}

export const welcomeSubject = (position: number) =>
  ({ type: 'welcome', id: String(position), label: null }) as const

/** What an entry shows of a welcome e-mail: its delay and every version's text. */
export function welcomeValues(email: Pick<WelcomeEmailRow, 'position' | 'delayDays' | 'content'>) {
  const versions = Object.entries(email.content).flatMap(([language, version]) => [
    [`subject_${language}`, version.subject],
    [`body_${language}`, version.body],
  ])
  return {
    position: email.position,
    delayDays: email.delayDays,
    ...Object.fromEntries(versions),
  }
}
