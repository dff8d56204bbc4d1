import type { Language } from '#shared/languages.ts'
import { FLAG_PATHS } from './header-menus-look.ts'

// Drawn flags: emoji flags show as bare letters on Windows and on many Linux systems.
export function FlagIcon({ code, className }: { code: Language; className?: string }) {
  return (
    <svg viewBox="0 0 30 20" aria-hidden="true" className={className} preserveAspectRatio="none">
      {FLAG_PATHS[code].map((path, i) => (
        <path key={i} {...path} />
      ))}
    </svg>
  )
}
