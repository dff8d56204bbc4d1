import type { Logger } from 'pino'
import type { Language } from '../../shared/languages.ts'

export interface AppEnv {
  Variables: {
    language: Language
    log: Logger
  }
}
