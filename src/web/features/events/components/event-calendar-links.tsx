import { googleCalendarUrl, mapSearchUrl } from '#shared/calendar.ts'
import { apiPath } from '#web/lib/api-client.ts'
import { ExternalLink } from '#web/components/ui/external-link.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { MemberEvent } from '../api/member-events-api.ts'

const linkClass =
  'font-semibold text-rose-deep underline decoration-rose-deep/30 underline-offset-4 transition hover:decoration-rose-deep'

/** The event in her calendar app: the .ics file (Apple, Outlook, …) or Google Calendar. */
export function AddToCalendar({ event }: { event: MemberEvent }) {
  const { t } = useTranslation('events')
  const eventsPage = `${window.location.origin}/events`
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span className="inline-flex items-center gap-1.5 text-ink-soft">
        <CalendarIcon />
        {t('member.addToCalendar')}:
      </span>
      <a
        href={apiPath(`/events/${event.id}/calendar.ics`)}
        download
        aria-label={t('member.calendarFileLabel', { event: event.eventName })}
        className={linkClass}
      >
        {t('member.calendarFile')}
      </a>
      <ExternalLink href={googleCalendarUrl(event, eventsPage)} className={linkClass}>
        {t('member.googleCalendar')}
      </ExternalLink>
    </p>
  )
}

/** Where the event is, on OpenStreetMap; nothing without a place. */
export function MapLink({ event }: { event: Pick<MemberEvent, 'placeName' | 'address'> }) {
  const { t } = useTranslation('events')
  const url = mapSearchUrl(event)
  if (!url) return null
  return (
    <ExternalLink href={url} className={linkClass}>
      {t('member.showOnMap')}
    </ExternalLink>
  )
}

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  )
}
