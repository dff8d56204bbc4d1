import { cardCountdown, type CountdownRound } from '#shared/countdown.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { useNow } from '#web/lib/use-now.ts'

/** SPEC's card countdown, refreshed every second. */
export function EventCountdown({
  event,
  round,
  className = '',
}: {
  event: { startTime: string; endedAt: string | null; status: string }
  round: CountdownRound | null
  className?: string
}) {
  const { t } = useTranslation('events')
  const now = useNow()
  const countdown = cardCountdown(event, round, now)
  const { key, ...values } = countdown
  return (
    <p
      className={`font-semibold text-rose-deep tabular-nums ${className}`}
      data-testid="event-countdown"
    >
      {t(`card.${key}`, values)}
    </p>
  )
}
