import { useTranslation } from '#web/lib/use-translation.ts'

type Status = 'inactive' | 'active' | 'ended'

export const eventStatus = (event: { status: string; endedAt: string | null }): Status =>
  event.status === 'active' ? 'active' : event.endedAt ? 'ended' : 'inactive'

const styles: Record<Status, string> = {
  active: 'bg-sage-deep text-cream',
  inactive: 'bg-white/90 text-ink',
  ended: 'bg-ink/80 text-cream',
}

export function EventStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('events')
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold shadow-sm ${styles[status]}`}
    >
      {status === 'active' && (
        <span
          aria-hidden="true"
          className="size-1.5 rounded-full bg-cream motion-safe:animate-pulse"
        />
      )}
      {t(`status.${status}`)}
    </span>
  )
}
