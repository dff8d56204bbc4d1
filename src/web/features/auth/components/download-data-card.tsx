import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

/**
 * "Download my data": a plain link to the ZIP, so the browser saves it as it streams in (a fetch
 * would hold the whole file in the page's memory first).
 */
export function DownloadDataCard() {
  const { t } = useTranslation('account')
  return (
    <SettingsCard title={t('account.dataTitle')} description={t('account.dataText')}>
      <a
        href="/api/account/export"
        download
        className="self-start rounded-full bg-white px-5 py-2.5 font-semibold ring-1 ring-ink/10 hover:text-rose-deep"
      >
        {t('account.dataDownload')}
      </a>
    </SettingsCard>
  )
}
