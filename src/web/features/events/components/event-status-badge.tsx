import { StatusPill } from '#web/components/ui/status-pill.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { eventPhase, type EventPhase } from '#shared/schemas/events.ts'

type Status = EventPhase

export const eventStatus = (event: { status: string; endedAt: string | null }): Status =>
  eventPhase(event)

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
