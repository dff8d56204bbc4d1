import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { MemberEvent } from '../api/member-events-api.ts'
import { eveningTime } from '#web/lib/evening-time.ts'

/**
 * A place offered to her from the waiting list (decision 0089): what it is, until when, and her
 * answer in one tap. A group named by its title, so a screen reader hears both with the buttons.
 */
export function PlaceOffer({
  event,
  offer,
  pending,
  onAnswer,
}: {
  event: Pick<MemberEvent, 'id'>
  offer: NonNullable<MemberEvent['offer']>
  pending: boolean
  onAnswer: (yes: boolean) => void
}) {
  const { t, i18n } = useTranslation('events')
  const titleId = `place-offer-${event.id}`
  const time = eveningTime(i18n.language).format(new Date(offer.expiresAt))
  const open = offer.kind === 'open'
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex w-full flex-col gap-3 rounded-2xl bg-sand p-4"
    >
      <p id={titleId} className="font-display text-xl font-semibold">
        {open ? t('member.offerOpenTitle') : t('member.offerTitle')}
      </p>
      <p className="text-ink-soft">
        {open ? t('member.offerOpenUntil', { time }) : t('member.offerUntil', { time })}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button pending={pending} onClick={() => onAnswer(true)}>
          {t('member.offerAccept')}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={() => onAnswer(false)}>
          {t('member.offerDecline')}
        </Button>
      </div>
    </div>
  )
}
