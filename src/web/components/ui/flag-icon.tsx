import type { Language } from '#shared/languages.ts'

// Drawn flags: emoji flags show as bare letters on Windows and on many Linux systems.
const FLAGS: Record<Language, React.ReactNode> = {
  hu: (
    <>
      <path fill="#CE2939" d="M0 0h30v7H0z" />
      <path fill="#fff" d="M0 7h30v6H0z" />
      <path fill="#477050" d="M0 13h30v7H0z" />
    </>
  ),
  de: (
    <>
      <path fill="#000" d="M0 0h30v7H0z" />
      <path fill="#DD0000" d="M0 7h30v6H0z" />
      <path fill="#FFCE00" d="M0 13h30v7H0z" />
    </>
  ),
  es: (
    <>
      <path fill="#AA151B" d="M0 0h30v20H0z" />
      <path fill="#F1BF00" d="M0 5h30v10H0z" />
    </>
  ),
  en: (
    <>
      <path fill="#012169" d="M0 0h30v20H0z" />
      <path stroke="#fff" strokeWidth="4" d="M0 0l30 20M30 0L0 20" />
      <path stroke="#C8102E" strokeWidth="1.6" d="M0 0l30 20M30 0L0 20" />
      <path stroke="#fff" strokeWidth="6" d="M15 0v20M0 10h30" />
      <path stroke="#C8102E" strokeWidth="3.4" d="M15 0v20M0 10h30" />
    </>
  ),
}

export function FlagIcon({ code, className }: { code: Language; className?: string }) {
  return (
    <svg viewBox="0 0 30 20" aria-hidden="true" className={className} preserveAspectRatio="none">
      {FLAGS[code]}
    </svg>
  )
}
