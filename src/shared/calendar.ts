/**
 * An event in other people's calendars and maps: the times and place every calendar entry uses
 * (the server's .ics files, the events card's Google Calendar link) and the links themselves.
 */

export interface EventWhenWhere {
  eventName: string
  description: string
  /** A Date, or the API's ISO string. */
  startTime: Date | string
  /** Minutes. */
  duration: number
  placeName: string
  address: string
}

export const eventStart = (event: Pick<EventWhenWhere, 'startTime'>) => new Date(event.startTime)

export const eventEnd = (event: Pick<EventWhenWhere, 'startTime' | 'duration'>) =>
  new Date(eventStart(event).getTime() + event.duration * 60_000)

/** The place's name and address on one line, as LOCATION and map searches want them. */
export const eventLocation = (event: Pick<EventWhenWhere, 'placeName' | 'address'>) =>
  [event.placeName.trim(), event.address.trim()].filter(Boolean).join(', ')

/** 20261201T170000Z: a date and time in UTC, as iCalendar and Google Calendar write it. */
export const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '')

/** Google Calendar's "add an event" page, filled in; `link` goes under the description. */
export function googleCalendarUrl(event: EventWhenWhere, link: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.eventName,
    dates: `${utcStamp(eventStart(event))}/${utcStamp(eventEnd(event))}`,
    details: [event.description.trim(), link].filter(Boolean).join('\n\n'),
  })
  const location = eventLocation(event)
  if (location) params.set('location', location)
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}

/** OpenStreetMap's search for the address (the place's name alone when there is no address). */
export function mapSearchUrl(event: Pick<EventWhenWhere, 'placeName' | 'address'>): string | null {
  const query = event.address.trim() || event.placeName.trim()
  if (!query) return null
  return `https://www.openstreetmap.org/search?${new URLSearchParams({ query }).toString()}`
}
