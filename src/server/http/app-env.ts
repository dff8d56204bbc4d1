import type { User } from 'better-auth'
import type { Logger } from 'pino'
import type { Language } from '#shared/languages.ts'
import type { Profile } from '../auth/profiles.ts'

export interface AppEnv {
  Variables: {
    language: Language
    log: Logger
    /** The client's address (see clientAddress); set once per request by the app. */
    clientAddress: string | undefined
    /** Set by requireUser / requireAdmin. */
    user?: User & { twoFactorEnabled?: boolean | null }
    profile?: Profile
    /** Set by requireUser / requireAdmin: her session's token, for a live stream's later checks. */
    sessionToken?: string
    /** Tests: every documented route checks its answer against the API document (http/openapi.ts). */
    checkResponses?: boolean
  }
}
