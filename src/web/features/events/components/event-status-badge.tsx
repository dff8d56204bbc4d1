import { StatusPill } from '#web/components/ui/status-pill.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

type Status = 'inactive' | 'active' | 'ended'

export const eventStatus = (event: { status: string; endedAt: string | null }): Status =>
  event.status === 'active' ? 'active' : event.endedAt ? 'ended' : 'inactive'

const tones: Record<Status, string> = {
  active: 'bg-sage-deep text-cream shadow-sm',
  inactive: 'bg-white/90 text-ink shadow-sm',
  ended: 'bg-ink/80 text-cream shadow-sm',
}

export function EventStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('events')
  return (
    <StatusPill tone={tones[status]} pulse={status === 'active'} dotTone="bg-cream">
      {t(`status.${status}`)}
    </StatusPill>
  )
}
