import { cardCountdown, type CountdownRound } from '#shared/countdown.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { useNow } from '#web/lib/use-now.ts'

/**
 * Its start time has come and nobody has started it: "waiting for the next round" (the card's
 * words for it) would mislead the host, whose next step is to start it.
 */
export const startDue = (
  event: { startTime: string; endedAt: string | null; status: string },
  now: number,
) => event.status !== 'active' && !event.endedAt && Date.parse(event.startTime) <= now

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
