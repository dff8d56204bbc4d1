import { dateLocale } from '#shared/languages.ts'
import { SITE_TIME_ZONE } from '#shared/time-zone.ts'

/**
 * How an evening's times read: its start, deadlines, holds. In the site's zone, where the evening
 * happens, whatever the reader's own clock says (decision 0101): the e-mails, the calendar file
 * and the series' page say the same hour.
 */
export function eveningTime(language: string, dateStyle: 'full' | 'long' = 'full') {
  return eveningFormat(language, { dateStyle, timeStyle: 'short' })
}

/** An evening's day or hour in another shape (only the day, only the hour…), in the site's zone. */
export function eveningFormat(
  language: string,
  options: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>,
) {
  return new Intl.DateTimeFormat(dateLocale(language), { ...options, timeZone: SITE_TIME_ZONE })
}
