import { useTranslation } from '#web/lib/use-translation.ts'
import type { MemberEvent } from '../api/member-events-api.ts'
import { eveningTime } from '#web/lib/evening-time.ts'
import { MapLink } from './event-calendar-links.tsx'

/**
 * An evening's heading block on the member's pages (her events' cards, a place offered, a
 * friend's invitation): its name, when · where, and the address with its map link. The name and
 * place may be in Hungarian where the host has not written them in her language: said by `lang`.
 */
export function EventSummary({
  event,
  headingId,
}: {
  event: Pick<MemberEvent, 'eventName' | 'startTime' | 'placeName' | 'address' | 'textLanguages'>
  /** The heading's id, which the section or article around it is labelled by. */
  headingId: string
}) {
  const { i18n } = useTranslation('events')
  return (
    <>
      <h2
        id={headingId}
        lang={event.textLanguages.eventName}
        className="font-display text-2xl font-semibold"
      >
        {event.eventName}
      </h2>
      <p className="text-ink-soft">
        <time dateTime={event.startTime}>
          {eveningTime(i18n.language).format(new Date(event.startTime))}
        </time>
        {event.placeName && (
          <>
            {' · '}
            <span lang={event.textLanguages.placeName}>{event.placeName}</span>
          </>
        )}
      </p>
      {(event.address || event.placeName) && (
        <p className="flex flex-wrap items-baseline gap-x-3 text-sm text-ink-soft">
          {event.address && <span>{event.address}</span>}
          <MapLink event={event} />
        </p>
      )}
    </>
  )
}
