/** The mark of an error, so that an error reads as one without its colour: a circled "!". */
export function ErrorIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={`shrink-0 ${className}`}>
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M10 5.5v5.5" stroke="white" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14.5" r="1.2" fill="white" />
    </svg>
  )
}
