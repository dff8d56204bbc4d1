import { useTranslation } from '#web/lib/use-translation.ts'
import type { MemberEvent } from '../api/member-events-api.ts'
import { eveningTime } from '#web/lib/evening-time.ts'

/**
 * Her next evening in two lines: its name, then its day and time · its place, each marked with
 * the language it is written in. On /home's "Your next evening" and in the evening's closing.
 */
export function NextEvening({ event, className = '' }: { event: MemberEvent; className?: string }) {
  const { i18n } = useTranslation('events')
  const when = eveningTime(i18n.language).format(new Date(event.startTime))
  return (
    <>
      <p
        lang={event.textLanguages.eventName}
        className={`font-display text-2xl font-semibold ${className}`.trim()}
      >
        {event.eventName}
      </p>
      <p className="text-ink-soft">
        {when}
        {event.placeName && (
          <>
            {' · '}
            <span lang={event.textLanguages.placeName}>{event.placeName}</span>
          </>
        )}
      </p>
    </>
  )
}
