import { Button } from '#web/components/ui/button.tsx'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { MemberEvent } from '../api/member-events-api.ts'

/** Her answer to an event: register, or where she stands (a place, the waiting list, here). */
export function Registration({
  event,
  pending,
  onToggle,
}: {
  event: MemberEvent
  pending: boolean
  onToggle: () => void
}) {
  const { t } = useTranslation('events')
  const now = useNow(30_000)
  const { registration } = event
  if (registration === 'present' || registration === 'absent')
    return <p className="font-semibold text-sage-deep">{t('member.present')}</p>
  // Withdrawing is possible until the start; after it, she is expected at the door.
  const started = event.status === 'active' || new Date(event.startTime).getTime() <= now
  if (registration === 'registered')
    return (
      <>
        <p className="font-semibold text-sage-deep">{t('member.registered')}</p>
        {!started && (
          <Button variant="secondary" pending={pending} onClick={onToggle}>
            {t('member.unregister')}
          </Button>
        )}
      </>
    )
  if (registration === 'waiting')
    return (
      <>
        <p className="font-semibold text-ink">
          {t('member.waiting', { position: event.waitingPosition ?? '' })}
        </p>
        {!started && (
          <Button variant="secondary" pending={pending} onClick={onToggle}>
            {t('member.leaveWaitingList')}
          </Button>
        )}
      </>
    )
  const full = event.placesLeft === 0
  return (
    <>
      <Button variant="primary" pending={pending} onClick={onToggle}>
        {full ? t('member.joinWaitingList') : t('member.register')}
      </Button>
      {full ? (
        <p className="text-sm text-ink-soft">{t('member.full')}</p>
      ) : (
        event.placesLeft !== null && (
          <p className="text-sm font-semibold text-ink-soft">
            {t('member.placesLeft', { count: event.placesLeft })}
          </p>
        )
      )}
    </>
  )
}
