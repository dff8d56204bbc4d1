import { useTranslation } from '#web/lib/use-translation.ts'

/** Whether pushes are arriving (a steady dot) or the screen is catching up by polling. */
export function LiveBadge({ live, className = '' }: { live: boolean; className?: string }) {
  const { t } = useTranslation('events')
  return (
    <span
      role="status"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${live ? 'bg-sage-deep text-cream' : 'bg-ink text-cream'} ${className}`}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${live ? 'bg-cream motion-safe:animate-pulse' : 'bg-gold'}`}
      />
      {live ? t('klikkscreen.live') : t('klikkscreen.reconnecting')}
    </span>
  )
}
