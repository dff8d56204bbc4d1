import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { MemberEvent } from '../api/member-events-api.ts'
import { PlaceOffer } from './place-offer.tsx'
import { eveningTime } from '#web/lib/evening-time.ts'

/**
 * Her answer to an event: register, or where she stands (a place, the waiting list, here). The
 * button is one element through every answer ("Register" becomes "Withdraw"), so focus stays on
 * it when she presses it; it is described by where she now stands, which she hears with it.
 * Giving up a place asks first: it goes at once to whoever waits, and cannot be taken back. The
 * question takes focus on its safe answer, and "Keep my place" gives focus back to the button.
 * After the evening's deadline the button and the question say that it is late. A place offered
 * from the waiting list comes first, with her answer in one tap.
 */
export function Registration({
  event,
  pending,
  onToggle,
  onAnswer,
}: {
  event: Pick<
    MemberEvent,
    | 'id'
    | 'registration'
    | 'status'
    | 'startTime'
    | 'placesLeft'
    | 'waitingPosition'
    | 'registrationOpensAt'
    | 'cancelDeadline'
    | 'offer'
  >
  pending: boolean
  onToggle: () => void
  onAnswer: (yes: boolean) => void
}) {
  const { t, i18n } = useTranslation('events')
  const now = useNow(30_000)
  const { registration } = event
  const statusId = `registration-status-${event.id}`
  // Withdrawing is possible until the start; after it, she is expected at the door.
  const started = event.status === 'active' || new Date(event.startTime).getTime() <= now
  const full = event.placesLeft === 0
  const [confirming, setConfirming] = useState(false)
  const keep = useRef<HTMLButtonElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const holdsPlace = registration === 'registered' && !started
  // An evening of a series: registration opens some days before it (decision 0088).
  const opensAt = event.registrationOpensAt ? new Date(event.registrationOpensAt) : null
  const notOpenYet = opensAt !== null && opensAt.getTime() > now
  const opensFormat = eveningTime(i18n.language, 'long')
  const late = holdsPlace && now > new Date(event.cancelDeadline).getTime()
  useEffect(() => {
    if (confirming) keep.current?.focus()
  }, [confirming])

  let status: ReactNode = null
  let action: string | null = null
  let note: ReactNode = null
  if (registration === 'present' || registration === 'absent') {
    status = <p className="font-semibold text-sage-deep">{t('member.present')}</p>
  } else if (registration === 'registered') {
    status = <p className="font-semibold text-sage-deep">{t('member.registered')}</p>
    if (!started) action = late ? t('member.unregisterLate') : t('member.unregister')
  } else if (registration === 'waiting') {
    status = (
      <p className="font-semibold text-ink">
        {t('member.waiting', { position: event.waitingPosition ?? '' })}
      </p>
    )
    if (!started) action = t('member.leaveWaitingList')
  } else if (notOpenYet) {
    status = (
      <p className="text-sm font-semibold text-ink-soft">
        {t('member.opensOn', { date: opensFormat.format(opensAt) })}
      </p>
    )
  } else {
    action = full ? t('member.joinWaitingList') : t('member.register')
    note = full ? (
      <p className="text-sm text-ink-soft">{t('member.full')}</p>
    ) : (
      event.placesLeft !== null && (
        <p className="text-sm font-semibold text-ink-soft">
          {t('member.placesLeft', { count: event.placesLeft })}
        </p>
      )
    )
  }
  /**
   * The question goes and focus returns to the button: after "yes" it shows the request working,
   * then "Sign me up"; after "keep" it is where she started.
   */
  function closeQuestion() {
    setConfirming(false)
    requestAnimationFrame(() => toggle.current?.focus())
  }

  if (confirming && holdsPlace)
    return (
      <div
        role="group"
        aria-labelledby={`${statusId}-confirm`}
        className="flex flex-col gap-3 rounded-2xl bg-sand p-4"
      >
        <p id={`${statusId}-confirm`} className="font-medium">
          {late ? t('member.unregisterLateConfirm') : t('member.unregisterConfirm')}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            pending={pending}
            onClick={() => {
              closeQuestion()
              onToggle()
            }}
          >
            {t('member.unregisterYes')}
          </Button>
          <Button ref={keep} onClick={closeQuestion}>
            {t('member.unregisterKeep')}
          </Button>
        </div>
      </div>
    )
  return [
    event.offer && !started && (
      <PlaceOffer
        key="offer"
        event={event}
        offer={event.offer}
        pending={pending}
        onAnswer={onAnswer}
      />
    ),
    status && (
      <div key="status" id={statusId}>
        {status}
      </div>
    ),
    action && (
      <Button
        key="toggle"
        ref={toggle}
        variant={registration === null ? 'primary' : 'secondary'}
        pending={pending}
        onClick={holdsPlace ? () => setConfirming(true) : onToggle}
        aria-describedby={status ? statusId : undefined}
      >
        {action}
      </Button>
    ),
    note && <div key="note">{note}</div>,
  ]
}
