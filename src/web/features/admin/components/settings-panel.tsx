import type { ReactNode } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { useApiData } from '#web/lib/use-api-data.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { fetchSettings } from '../api/admin-api.ts'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[16rem_1fr] sm:gap-6">
      <dt className="font-semibold">{label}</dt>
      <dd className="text-ink-soft [overflow-wrap:anywhere]">{children}</dd>
    </div>
  )
}

/** How the site is configured, read-only: addresses, e-mail, sign-in, database, links. */
export function SettingsPanel() {
  const { t, i18n } = useTranslation('auth')
  useDocumentTitle(`${t('adminSettings.title')} – Lendület`)
  const { data: s, error } = useApiData(fetchSettings, 'settings')
  const k = (key: string) => t(`adminSettings.${key}` as 'adminSettings.title')
  return (
    <div className="mx-auto max-w-4xl px-5 py-12 sm:px-8">
      <BackLink href="/admin">{k('back')}</BackLink>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">{k('title')}</h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{k('intro')}</p>
      {error !== null && (
        <div className="mt-6">
          <Alert tone="error">{error || k('loadFailed')}</Alert>
        </div>
      )}
      {!s && error === null && <PageSpinner />}
      {s && (
        <>
          <dl className="mt-8 divide-y divide-ink/5 rounded-3xl bg-white px-5 py-2 ring-1 ring-ink/5 sm:px-7">
            <Row label={k('publicUrl')}>{s.publicUrl}</Row>
            <Row label={k('email')}>
              {s.email.mode === 'smtp'
                ? t('adminSettings.emailSmtp', { host: s.email.host })
                : k('emailDevMailbox')}
            </Row>
            <Row label={k('mailFrom')}>{s.mailFrom}</Row>
            <Row label={k('googleSignIn')}>{s.googleSignIn ? k('on') : k('off')}</Row>
            <Row label={k('database')}>
              {s.database.mode === 'postgres'
                ? k('databasePostgres')
                : t('adminSettings.databasePglite', { dir: s.database.dataDir })}
            </Row>
            <Row label={k('adminEmails')}>
              {t('adminSettings.adminEmailsCount', { count: s.adminEmails })}
            </Row>
            <Row label={k('mixerTime')}>
              {t('adminSettings.mixerTimeValue', {
                seconds: new Intl.NumberFormat(i18n.language).format(s.mixerTimeMs / 1000),
              })}
            </Row>
          </dl>
          <h2 className="mt-10 font-display text-2xl font-semibold">{k('links')}</h2>
          <dl className="mt-4 divide-y divide-ink/5 rounded-3xl bg-white px-5 py-2 ring-1 ring-ink/5 sm:px-7">
            <Row label={k('officialSite')}>{s.links.officialSite}</Row>
            <Row label={k('instagram')}>{s.links.instagram}</Row>
            <Row label={k('appStore')}>{s.links.appStore}</Row>
            <Row label={k('googlePlay')}>{s.links.googlePlay}</Row>
            <Row label={k('privacyPolicy')}>{s.links.privacyPolicy}</Row>
            <Row label={k('contactEmail')}>{s.links.contactEmail}</Row>
          </dl>
        </>
      )}
    </div>
  )
}
