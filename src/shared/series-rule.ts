import { z } from 'zod'
import { SITE_TIME_ZONE, localIsoTime } from './time-zone.ts'

/**
 * How far ahead a series has its evenings made (decision 0088): the next three months' dates,
 * kept so by the `series-horizon` job. Members see a season ahead; the host can still change
 * the rule without many evenings to move.
 */
export const SERIES_MONTHS_AHEAD = 3
/** Registration for a series' evening opens this many days before it (its followers are told). */
export const SERIES_REGISTRATION_OPENS_DAYS = { min: 1, max: 90, default: 21 } as const
/** At most this many dates in a list rule. */
export const SERIES_MAX_DATES = 60

/** 1–4: the first to the fourth of the month; 'last': the last one. */
export const SERIES_WEEKS = ['1', '2', '3', '4', 'last'] as const
export type SeriesWeek = (typeof SERIES_WEEKS)[number]

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'seriesTimeInvalid' })
const localDay = z
  .string()
  .regex(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'seriesDateInvalid' })
  .refine((day) => validDay(day), { error: 'seriesDateInvalid' })
const localDateTime = z
  .string()
  .regex(/^20\d\d-\d\d-\d\dT([01]\d|2[0-3]):[0-5]\d$/, { error: 'seriesDateInvalid' })
  .refine((value) => validDay(value.slice(0, 10)), { error: 'seriesDateInvalid' })

function validDay(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/**
 * When a series' evenings are, in the site's time zone: "the Nth weekday of each month at
 * HH:MM" (weekday 0 = Sunday … 6 = Saturday, optionally until a day), or a list of local dates
 * and times ("2027-01-08T19:00").
 */
export const seriesRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('monthly'),
    week: z.enum(SERIES_WEEKS, { error: 'seriesWeekInvalid' }),
    weekday: z
      .number({ error: 'seriesWeekdayInvalid' })
      .int({ error: 'seriesWeekdayInvalid' })
      .min(0, { error: 'seriesWeekdayInvalid' })
      .max(6, { error: 'seriesWeekdayInvalid' }),
    time: timeOfDay,
    /** The last day an evening may fall on (local); none: for good. */
    until: localDay.nullable().default(null),
  }),
  z.object({
    kind: z.literal('dates'),
    dates: z
      .array(localDateTime, { error: 'seriesDatesRequired' })
      .max(SERIES_MAX_DATES, { error: 'seriesTooManyDates' }),
  }),
])
export type SeriesRule = z.infer<typeof seriesRuleSchema>

/** A local wall time ("2027-01-08T19:00") in the site's zone as an instant. */
export function siteTimeToInstant(local: string, timeZone: string = SITE_TIME_ZONE): Date {
  const [day, time] = local.split('T') as [string, string]
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const [h, mi] = time.split(':').map(Number) as [number, number]
  const asUtc = Date.UTC(y, m - 1, d, h, mi)
  // The zone's offset at the guess, then at the corrected instant (a change of clocks between).
  let instant = asUtc - offsetMs(new Date(asUtc), timeZone)
  instant = asUtc - offsetMs(new Date(instant), timeZone)
  return new Date(instant)
}

function offsetMs(moment: Date, timeZone: string) {
  const iso = localIsoTime(moment, timeZone)
  const match = /([+-])(\d\d):(\d\d)$/.exec(iso)
  if (!match) return 0
  const sign = match[1] === '-' ? -1 : 1
  return sign * (Number(match[2]) * 60 + Number(match[3])) * 60_000
}

/** The local wall time ("2027-01-08T19:00") of an instant in the site's zone. */
export const siteLocalTime = (moment: Date): string => localIsoTime(moment).slice(0, 16)

/** The day of the month of the week'th `weekday` of a month (month 1–12). */
function nthWeekday(year: number, month: number, weekday: number, week: SeriesWeek): number {
  if (week === 'last') {
    const lastDay = new Date(Date.UTC(year, month, 0))
    const back = (lastDay.getUTCDay() - weekday + 7) % 7
    return lastDay.getUTCDate() - back
  }
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
  return 1 + ((weekday - first + 7) % 7) + (Number(week) - 1) * 7
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The rule's occurrences from `from` (inclusive) until `until` (exclusive), in order: each as its
 * local day ("2027-01-08", the slot that names an evening of the series for good, whatever its
 * time becomes) and its start.
 */
export function seriesOccurrences(
  rule: SeriesRule,
  from: Date,
  until: Date,
): { slot: string; startTime: Date }[] {
  const within = (startTime: Date) =>
    startTime.getTime() >= from.getTime() && startTime.getTime() < until.getTime()
  if (rule.kind === 'dates') {
    // One evening a day: a second time on a day already listed is left out.
    const byDay = new Map<string, string>()
    for (const local of [...rule.dates].sort())
      if (!byDay.has(local.slice(0, 10))) byDay.set(local.slice(0, 10), local)
    return [...byDay]
      .map(([slot, local]) => ({ slot, startTime: siteTimeToInstant(local) }))
      .filter(({ startTime }) => within(startTime))
  }
  const found: { slot: string; startTime: Date }[] = []
  const start = siteLocalTime(from)
  let year = Number(start.slice(0, 4))
  let month = Number(start.slice(5, 7))
  const lastDay = rule.until
  for (;;) {
    const day = nthWeekday(year, month, rule.weekday, rule.week)
    const slot = `${year}-${pad(month)}-${pad(day)}`
    const startTime = siteTimeToInstant(`${slot}T${rule.time}`)
    if (startTime.getTime() >= until.getTime()) break
    if (lastDay !== null && slot > lastDay) break
    if (within(startTime)) found.push({ slot, startTime })
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
  return found
}

/** The end of the horizon: SERIES_MONTHS_AHEAD months after `now`. */
export function seriesHorizon(now: Date): Date {
  const end = new Date(now)
  end.setUTCMonth(end.getUTCMonth() + SERIES_MONTHS_AHEAD)
  return end
}

/** Whether the rule has any evening at `now` or after (the list's, or the monthly's before its end). */
export function ruleHasDatesAfter(rule: SeriesRule, now: Date): boolean {
  if (rule.kind === 'dates') return seriesOccurrences(rule, now, new Date(8.64e15)).length > 0
  // A monthly rule has one every month; only its last day can leave none.
  const nextYear = new Date(now)
  nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1)
  return seriesOccurrences(rule, now, nextYear).length > 0
}

/** A list rule's dates already past at `now` (a refusal names the first). */
export const pastDates = (rule: SeriesRule, now: Date): string[] =>
  rule.kind === 'dates'
    ? rule.dates.filter((slot) => siteTimeToInstant(slot).getTime() <= now.getTime()).sort()
    : []

/**
 * The rule in a neutral short form for the audit log ("monthly 1 5 19:00", "dates 2027-01-08
 * 19:00, …"): the admin page shows it as written.
 */
export const describeRule = (rule: SeriesRule): string =>
  rule.kind === 'monthly'
    ? `monthly ${rule.week} ${rule.weekday} ${rule.time}${rule.until ? ` until ${rule.until}` : ''}`
    : `dates ${[...rule.dates]
        .sort()
        .map((slot) => slot.replace('T', ' '))
        .join(', ')}`

/** A list rule with the time of its dates from `fromDay` on changed to `time`. */
export function retimeRule(rule: SeriesRule, fromDay: string, time: string): SeriesRule {
  if (rule.kind === 'monthly') return { ...rule, time }
  return {
    ...rule,
    dates: rule.dates.map((local) =>
      local.slice(0, 10) >= fromDay ? `${local.slice(0, 10)}T${time}` : local,
    ),
  }
}
