/** The Lendület mark: a rising arc and a sun, drawn inline so it costs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <circle cx="20" cy="20" r="19" fill="#B4536A" />
      <path
        d="M9 28c4-9 8-13 11-13s7 4 11 13"
        fill="none"
        stroke="#FBF7F2"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="20" cy="11" r="3.2" fill="#D9A55B" />
    </svg>
  )
}
