/**
 * The site's time zone. The evenings take place in Hungary, so their times are given there,
 * whatever the server's or the reader's own zone.
 */
export const SITE_TIME_ZONE = 'Europe/Budapest'

const formats = new Map<string, Intl.DateTimeFormat>()

function zoneFormat(timeZone: string) {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
    formats.set(timeZone, format)
  }
  return format
}

/**
 * A moment as ISO 8601 local time with its offset: "2026-11-28T18:58:00+01:00" for the round that
 * starts at 18:58 in Budapest (17:58 UTC), "+02:00" in summer.
 */
export function localIsoTime(moment: Date, timeZone: string = SITE_TIME_ZONE): string {
  const part = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(moment)
      .map(({ type, value }) => [type, value]),
  )
  // "GMT+01:00", or a bare "GMT" where the zone is UTC itself.
  const offset = part.timeZoneName?.replace(/^GMT/, '') || '+00:00'
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`
}
