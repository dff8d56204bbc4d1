import type { TFunction } from 'i18next'
import { dateLocale } from '#shared/languages.ts'
import { parseLaunchDate } from '#shared/launch.ts'

/**
 * The launch date setting in words, for the owner (the settings page, the audit log): "spring
 * 2027", "2027. március", "15 March 2027". Null when the value is not one.
 */
export function launchDateLabel(
  value: string,
  t: TFunction<['admin']>,
  language: string,
): string | null {
  const date = parseLaunchDate(value)
  if (!date) return null
  const locale = dateLocale(language)
  switch (date.precision) {
    case 'none':
      return t('adminSettings.launchLabel', { context: 'none' })
    case 'year':
      return t('adminSettings.launchLabel', { context: 'year', year: String(date.year) })
    case 'season':
      return t('adminSettings.launchLabel', {
        context: 'season',
        year: String(date.year),
        season: t(`adminSettings.launchSeasonNames.${date.season}`),
      })
    case 'month':
      return t('adminSettings.launchLabel', {
        context: 'month',
        year: String(date.year),
        month: new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
          Date.UTC(date.year, date.month - 1, 1),
        ),
      })
    case 'day':
      return t('adminSettings.launchLabel', {
        context: 'day',
        date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
          Date.UTC(date.year, date.month - 1, date.day),
        ),
      })
  }
}
