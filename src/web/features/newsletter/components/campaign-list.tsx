import { useQuery } from '@tanstack/react-query'
import { dateLocale } from '#shared/languages.ts'
import { Link } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { buttonClass } from '#web/components/ui/button.tsx'
import { DataTable, type Column } from '#web/components/ui/data-table.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { campaignsQuery } from '../api/campaign-queries.ts'
import type { CampaignSummary } from '../api/campaigns-api.ts'
import { useAudienceWords } from './audience-words.ts'
import { CampaignStatusBadge } from './campaign-status-badge.tsx'

const numberCell = 'text-right tabular-nums'

/** /admin/newsletter/campaigns: every campaign, newest first, with its figures. */
export function CampaignList() {
  const { t, i18n } = useTranslation('newsletter')
  useDocumentTitle(`${t('campaigns.ui.list.title')} – Lendület`)
  const { data, error } = useQuery(campaignsQuery())
  const failed = error !== null && data === undefined

  const dateTime = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  const when = (campaign: CampaignSummary) => {
    const at = (iso: string) => dateTime.format(new Date(iso))
    if (campaign.finishedAt && campaign.status === 'sent')
      return t('campaigns.ui.list.dates.sent', { date: at(campaign.finishedAt) })
    if (campaign.startedAt)
      return t('campaigns.ui.list.dates.started', { date: at(campaign.startedAt) })
    if (campaign.scheduledAt)
      return t('campaigns.ui.list.dates.scheduled', { date: at(campaign.scheduledAt) })
    return t('campaigns.ui.list.dates.edited', { date: at(campaign.updatedAt) })
  }
  const audienceWords = useAudienceWords()
  const audience = (campaign: CampaignSummary) => audienceWords(campaign.audience)
  const started = (campaign: CampaignSummary) => campaign.startedAt !== null
  const figure = (campaign: CampaignSummary, value: number) => (started(campaign) ? value : '–')

  const columns: Column<CampaignSummary>[] = [
    {
      key: 'subject',
      header: t('campaigns.ui.list.columns.subject'),
      className: 'min-w-48 [overflow-wrap:anywhere]',
      cell: (campaign) => (
        <>
          <Link
            href={`/admin/newsletter/campaigns/${campaign.id}`}
            className="font-semibold text-ink underline-offset-4 hover:text-rose-deep hover:underline"
          >
            {campaign.subject.trim() || t('campaigns.ui.list.untitled')}
          </Link>
          <p className="mt-1 text-ink-soft">{audience(campaign)}</p>
        </>
      ),
    },
    {
      key: 'status',
      header: t('campaigns.ui.list.columns.status'),
      hiddenBelow: 'sm',
      cell: (campaign) => <CampaignStatusBadge status={campaign.status} />,
      inline: (campaign) => (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <CampaignStatusBadge status={campaign.status} />
          <span className="text-ink-soft">{when(campaign)}</span>
        </span>
      ),
    },
    {
      key: 'date',
      header: t('campaigns.ui.list.columns.date'),
      hiddenBelow: 'md',
      className: 'text-ink-soft',
      cell: when,
    },
    {
      key: 'size',
      header: t('campaigns.ui.list.columns.size'),
      hiddenBelow: 'md',
      className: numberCell,
      cell: (campaign) => figure(campaign, campaign.stats.audience),
      inline: (campaign) =>
        started(campaign) && (
          <span className="text-ink-soft tabular-nums">
            {t('campaigns.ui.list.figures', campaign.stats)}
          </span>
        ),
    },
    {
      key: 'sent',
      header: t('campaigns.ui.list.columns.sent'),
      hiddenBelow: 'md',
      className: numberCell,
      cell: (campaign) => figure(campaign, campaign.stats.sent),
    },
    {
      key: 'failed',
      header: t('campaigns.ui.list.columns.failed'),
      hiddenBelow: 'xl',
      className: numberCell,
      cell: (campaign) => figure(campaign, campaign.stats.failed),
    },
    {
      key: 'bounced',
      header: t('campaigns.ui.list.columns.bounced'),
      hiddenBelow: 'xl',
      className: numberCell,
      cell: (campaign) => figure(campaign, campaign.stats.bounced),
    },
    {
      key: 'unsubscribed',
      header: t('campaigns.ui.list.columns.unsubscribed'),
      hiddenBelow: 'xl',
      className: numberCell,
      cell: (campaign) => figure(campaign, campaign.stats.unsubscribed),
    },
  ]

  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <BackLink href="/admin">{t('admin.back')}</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="font-display text-4xl font-semibold tracking-tight">
            {t('campaigns.ui.list.title')}
          </h1>
          <p className="mt-2 text-ink-soft">{t('campaigns.ui.list.intro')}</p>
        </div>
        <Link href="/admin/newsletter/campaigns/new" className={buttonClass({ size: 'md' })}>
          {t('campaigns.ui.list.new')}
        </Link>
      </div>
      {failed && (
        <div className="mt-6">
          <Alert tone="error">{error?.message || t('campaigns.ui.list.loadFailed')}</Alert>
        </div>
      )}
      <DataTable
        className="mt-8"
        columns={columns}
        rows={data?.campaigns ?? null}
        rowKey={(campaign) => campaign.id}
        emptyText={t('campaigns.ui.list.empty')}
        loadingText={failed ? undefined : t('campaigns.ui.list.loading')}
      />
    </div>
  )
}
