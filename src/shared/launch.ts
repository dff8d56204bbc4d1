/**
 * When Lendület opens, as the owner sets it once on /admin/settings (decision 54), and the
 * sentences that name it. Kept free of zod and i18next on purpose: it is in the landing page's
 * bundle.
 *
 * The setting is one string: `none` (no date), a year (`2027`), a season of a year
 * (`2027-spring`; winter is the one that begins in December of that year), a month (`2027-03`) or
 * a day (`2027-03-15`).
 */

export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const
export type Season = (typeof SEASONS)[number]
export const LAUNCH_PRECISIONS = ['none', 'year', 'season', 'month', 'day'] as const
export type LaunchPrecision = (typeof LAUNCH_PRECISIONS)[number]

export type LaunchDate =
  | { precision: 'none' }
  | { precision: 'year'; year: number }
  | { precision: 'season'; year: number; season: Season }
  | { precision: 'month'; year: number; month: number }
  | { precision: 'day'; year: number; month: number; day: number }

/** The years the owner may name (as the footer's year). */
export const LAUNCH_YEARS = { min: 2000, max: 2100 } as const

const FORMAT = /^(\d{4})(?:-(spring|summer|autumn|winter)|-(\d{2})(?:-(\d{2}))?)?$/

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The setting's value read, or null when it is not one (a day that does not exist, too). */
export function parseLaunchDate(value: string): LaunchDate | null {
  if (value === 'none') return { precision: 'none' }
  const match = FORMAT.exec(value)
  if (!match) return null
  const year = Number(match[1])
  if (year < LAUNCH_YEARS.min || year > LAUNCH_YEARS.max) return null
  if (match[2]) return { precision: 'season', year, season: match[2] as Season }
  if (!match[3]) return { precision: 'year', year }
  const month = Number(match[3])
  if (month < 1 || month > 12) return null
  if (!match[4]) return { precision: 'month', year, month }
  const day = Number(match[4])
  if (day < 1 || day > daysIn(year, month)) return null
  return { precision: 'day', year, month, day }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The setting's value of a launch date (parseLaunchDate's inverse). */
export function formatLaunchDate(date: LaunchDate): string {
  switch (date.precision) {
    case 'none':
      return 'none'
    case 'year':
      return String(date.year)
    case 'season':
      return `${date.year}-${date.season}`
    case 'month':
      return `${date.year}-${pad(date.month)}`
    case 'day':
      return `${date.year}-${pad(date.month)}-${pad(date.day)}`
  }
}

/** The last month of each season (winter ends in February of the next year). */
const SEASON_END: Record<Season, number> = { spring: 5, summer: 8, autumn: 11, winter: 14 }

/** The last day the promise holds, as YYYY-MM-DD; null for no date. */
export function launchLastDay(date: LaunchDate): string | null {
  const lastOfMonth = (year: number, month: number) =>
    `${year}-${pad(month)}-${pad(daysIn(year, month))}`
  switch (date.precision) {
    case 'none':
      return null
    case 'year':
      return `${date.year}-12-31`
    case 'season': {
      const end = SEASON_END[date.season]
      return end > 12 ? lastOfMonth(date.year + 1, end - 12) : lastOfMonth(date.year, end)
    }
    case 'month':
      return lastOfMonth(date.year, date.month)
    case 'day':
      return `${date.year}-${pad(date.month)}-${pad(date.day)}`
  }
}

/** Whether the time it names is over on `today` (YYYY-MM-DD, in Budapest). */
export function launchPassed(date: LaunchDate, today: string): boolean {
  const last = launchLastDay(date)
  return last !== null && last < today
}

/** What the pages are told: the setting, and whether its time is over (the server's clock). */
export interface PublicLaunch {
  date: string
  passed: boolean
}

/**
 * The sentences that name the launch, each written whole for every precision in every language
 * (`_year`, `_season`, `_month`, `_day`, and `_none`: no date, or one that has passed).
 */
export const LAUNCH_TEXTS = {
  badge: 'landing:hero.badge',
  lead: 'landing:hero.lead',
  cardsHeading: 'landing:cards.heading',
  appText: 'landing:download.text',
  signupIntro: 'auth:signup.intro',
  footer: 'common:footer.description',
  title: 'landing:meta.title',
  description: 'landing:meta.description',
} as const
export type LaunchTextId = keyof typeof LAUNCH_TEXTS

/**
 * What the build renders where a launch sentence goes: the server writes the sentence there for
 * the current setting (src/server/web/config-placeholders.ts). Letters and underscores only.
 */
export const LAUNCH_PLACEHOLDER = '__LENDULET_LAUNCH__'
export const launchPlaceholder = (id: LaunchTextId) => `__LENDULET_LAUNCH_${id}__`

/** i18next's t, as loosely as these keys need it. */
export type LaunchT = (key: string, options?: Record<string, unknown>) => string

/** Hungarian years take -ban or -ben as they are said: 2026-ban (hat), 2027-ben (hét). */
const HU_INESSIVE_UNITS = ['', 'ben', 'ben', 'ban', 'ben', 'ben', 'ban', 'ben', 'ban', 'ben']
const HU_INESSIVE_TENS = ['', 'ben', 'ban', 'ban', 'ben', 'ben', 'ban', 'ben', 'ban', 'ben']
function hungarianYearIn(year: number): string {
  const units = year % 10
  const tens = Math.floor(year / 10) % 10
  const hundreds = Math.floor(year / 100) % 10
  const suffix = units
    ? HU_INESSIVE_UNITS[units]
    : tens
      ? HU_INESSIVE_TENS[tens]
      : hundreds
        ? 'ban' // száz
        : 'ben' // ezer
  return `${year}-${suffix}`
}

/** A Hungarian day of the month "on": 1-jén, 2-án, 15-én, 20-án (elsején, másodikán, …). */
const HU_DAY_ON = [
  '',
  ...'jén án án én én án én án én én én én án én én án én án én án én én án én én án én án én án én'.split(
    ' ',
  ),
]

/**
 * The words a launch sentence interpolates, in the form its language's sentences take them. In
 * Hungarian they carry the sentences' case: the year alone takes its suffix (`2027-ben`), a season
 * or month comes from the texts (`tavaszán`, `márciusában`), and a day takes its own (`15-én`).
 * The other languages write their prepositions in the sentences.
 */
function launchWords(
  date: LaunchDate,
  language: string,
  t: LaunchT,
): Record<string, string | number> {
  const hu = language === 'hu'
  switch (date.precision) {
    case 'none':
      return {}
    case 'year':
      return { year: hu ? hungarianYearIn(date.year) : String(date.year) }
    case 'season':
      return { year: String(date.year), season: t(`common:launch.seasons.${date.season}`) }
    case 'month':
      return { year: String(date.year), month: t(`common:launch.months.${date.month}.in`) }
    case 'day':
      return {
        year: String(date.year),
        month: t(`common:launch.months.${date.month}.name`),
        day: hu ? `${date.day}-${HU_DAY_ON[date.day]}` : String(date.day),
      }
  }
}

/**
 * One launch sentence in `language`: for the date set, or without a date when none is set or
 * its time is over. At the build, the placeholder the server fills.
 */
export function launchText(
  t: LaunchT,
  language: string,
  id: LaunchTextId,
  launch: PublicLaunch,
): string {
  if (launch.date === LAUNCH_PLACEHOLDER) return launchPlaceholder(id)
  const parsed = parseLaunchDate(launch.date)
  const date: LaunchDate = parsed && !launch.passed ? parsed : { precision: 'none' }
  return t(LAUNCH_TEXTS[id], {
    context: date.precision,
    ...launchWords(date, language, t),
  })
}
