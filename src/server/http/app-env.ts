import type { User } from 'better-auth'
import type { Logger } from 'pino'
import type { Language } from '../../shared/languages.ts'
import type { Profile } from '../auth/profiles.ts'

export interface AppEnv {
  Variables: {
    language: Language
    log: Logger
    /** Set by requireUser / requireAdmin. */
    user?: User
    profile?: Profile
  }
}
