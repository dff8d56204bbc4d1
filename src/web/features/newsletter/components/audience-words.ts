import type { CampaignAudienceAnswer } from '#shared/schemas/campaigns.ts'
import { languageList } from '#web/lib/language-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'

/**
 * A campaign's audience in words, as its figures say it (decision 0093): "Members, Hungarian,
 * came to an evening in the last 6 months", or "All confirmed subscribers". Each filter is a
 * phrase of its own, listed, not glued into a sentence.
 */
export function useAudienceWords() {
  const { t, i18n } = useTranslation('newsletter')
  return (audience: CampaignAudienceAnswer): string => {
    const parts: string[] = []
    if (audience.membership !== 'all') parts.push(t(`campaigns.ui.audience.${audience.membership}`))
    if (audience.languages !== null) parts.push(languageList(audience.languages, i18n.language))
    if (audience.attendance === 'cameWithin')
      parts.push(t('campaigns.ui.audience.cameWithin', { count: audience.months }))
    if (audience.attendance === 'neverCame') parts.push(t('campaigns.ui.audience.neverCame'))
    if (audience.seriesId !== null)
      parts.push(
        audience.seriesName === null
          ? t('campaigns.ui.audience.followsDeleted')
          : t('campaigns.ui.audience.follows', { name: audience.seriesName }),
      )
    if (parts.length === 0) return t('campaigns.ui.audience.all')
    const text = parts.join(', ')
    return text.charAt(0).toLocaleUpperCase(i18n.language) + text.slice(1)
  }
}
