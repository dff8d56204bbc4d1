import { useState } from 'react'
import { dateLocale, type Language, LANGUAGE_CODES } from '#shared/languages.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  type Campaign,
} from '../api/campaigns-api.ts'
import { useCampaignProgress } from '../hooks/use-campaign-progress.ts'
import { languageName } from '#web/lib/language-names.ts'
import { useAudienceWords } from './audience-words.ts'
import { CampaignPreview } from './campaign-preview.tsx'
import { CampaignPage, campaignCard as card } from './campaign-page.tsx'

type Problem = Campaign['problems'][number]
const COUNTS = ['queued', 'sent', 'failed', 'bounced', 'unsubscribed'] as const
/** Figures that deserve a look once they are above zero. */
const countStyles: Record<(typeof COUNTS)[number], string> = {
  queued: 'text-ink',
  sent: 'text-sage-deep',
  failed: 'text-rose-deep',
  bounced: 'text-rose-deep',
  unsubscribed: 'text-ink',
}
const barStyles: Partial<Record<Campaign['status'], string>> = {
  sent: 'bg-sage-deep',
  paused: 'bg-gold',
  cancelled: 'bg-ink/40',
}

/**
 * A campaign on its way or gone: a progress bar and its figures, moving live; pause, resume or
 * cancel; the recipients who did not get it; and what was sent, with its public web version.
 */
export function CampaignProgress({
  initial,
  arrived = false,
}: {
  initial: Campaign
  /** It was sent from the editor a moment ago (see CampaignPage). */
  arrived?: boolean
}) {
  const audienceWords = useAudienceWords()
  const { t, i18n } = useTranslation('newsletter')
  const { campaign, setCampaign, live } = useCampaignProgress(initial)
  const [pending, setPending] = useState<'pause' | 'resume' | null>(null)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const subject = campaign.content.hu?.subject ?? campaign.subject

  const { stats, status } = campaign
  const done = stats.sent + stats.failed + stats.bounced
  const share = stats.audience > 0 ? Math.min(1, done / stats.audience) : status === 'sent' ? 1 : 0
  const number = new Intl.NumberFormat(i18n.language)
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' })
  const dateTime = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })

  async function act(call: () => Promise<ApiResult<Campaign>>) {
    setFailure(null)
    const result = await call()
    if (result.ok) setCampaign(result.data)
    else setFailure(result.message || t('campaigns.ui.editor.actionFailed'))
  }
  const control = (kind: 'pause' | 'resume') => async () => {
    setPending(kind)
    await act(() => (kind === 'pause' ? pauseCampaign(campaign.id) : resumeCampaign(campaign.id)))
    setPending(null)
  }

  const running = status === 'sending' || status === 'paused'

  return (
    <CampaignPage
      title={subject}
      status={status}
      arrived={arrived}
      beside={
        live && (
          <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-sage-deep">
            <span
              aria-hidden="true"
              className="size-2 rounded-full bg-sage-deep motion-safe:animate-pulse"
            />
            {t('campaigns.ui.progress.live')}
          </span>
        )
      }
    >
      <p className="mt-2 text-ink-soft">
        <span className="sr-only">{t('campaigns.ui.progress.audienceLabel')} </span>
        <span data-testid="campaign-audience">{audienceWords(campaign.audience)}</span>
      </p>

      <section className={`${card} mt-8`} aria-labelledby="campaign-progress-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <h2 id="campaign-progress-heading" className="font-display text-xl font-semibold">
            {t('campaigns.ui.progress.progressLabel')}
          </h2>
          <p className="text-sm text-ink-soft tabular-nums" data-testid="campaign-done">
            {t('campaigns.ui.progress.done', {
              done: number.format(done),
              total: number.format(stats.audience),
            })}
          </p>
        </div>
        <div
          role="progressbar"
          aria-labelledby="campaign-progress-heading"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          aria-valuetext={percent.format(share)}
          className="mt-4 h-3 overflow-hidden rounded-full bg-sand"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none ${barStyles[status] ?? 'bg-rose-deep'}`}
            style={{ width: `${share * 100}%` }}
          />
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {COUNTS.map((count) => (
            <div
              key={count}
              className="rounded-2xl bg-cream px-4 py-3 last:col-span-2 sm:last:col-span-1"
              data-testid={`count-${count}`}
            >
              <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
                {t(
                  count === 'queued' && status === 'cancelled'
                    ? 'campaigns.ui.progress.counts.notSent'
                    : `campaigns.ui.progress.counts.${count}`,
                )}
              </dt>
              <dd
                className={`mt-1 font-display text-2xl font-semibold tabular-nums ${stats[count] > 0 ? countStyles[count] : 'text-ink'}`}
              >
                {number.format(stats[count])}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-col gap-4 border-t border-ink/10 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-soft">
            {campaign.startedAt &&
              t('campaigns.ui.progress.started', {
                time: dateTime.format(new Date(campaign.startedAt)),
              })}
            {campaign.finishedAt && (
              <>
                <br />
                {t('campaigns.ui.progress.finished', {
                  time: dateTime.format(new Date(campaign.finishedAt)),
                })}
              </>
            )}
          </p>
          {running && (
            <div className="flex flex-wrap gap-3">
              {status === 'sending' ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="md"
                  pending={pending === 'pause'}
                  onClick={control('pause')}
                >
                  {t('campaigns.ui.progress.pause')}
                </Button>
              ) : (
                <Button
                  type="button"
                  size="md"
                  pending={pending === 'resume'}
                  onClick={control('resume')}
                >
                  {t('campaigns.ui.progress.resume')}
                </Button>
              )}
              <Button
                type="button"
                variant="outline"
                size="md"
                disabled={pending !== null}
                onClick={() => setConfirmCancel(true)}
              >
                {t('campaigns.ui.progress.cancel')}
              </Button>
            </div>
          )}
        </div>
        {failure && (
          <div className="mt-4">
            <Alert tone="error">{failure}</Alert>
          </div>
        )}
      </section>

      <section className="mt-10" aria-labelledby="campaign-problems-heading">
        <h2 id="campaign-problems-heading" className="font-display text-2xl font-semibold">
          {t('campaigns.ui.progress.problems')}
        </h2>
        {campaign.problems.length === 0 ? (
          <p className="mt-2 flex items-center gap-2 text-ink-soft">
            <span aria-hidden="true" className="text-sage-deep">
              ✓
            </span>
            {t('campaigns.ui.progress.noProblems')}
          </p>
        ) : (
          <>
            <p className="mt-1 text-ink-soft">{t('campaigns.ui.progress.problemsIntro')}</p>
            <DataTable<Problem>
              className="mt-4"
              rows={campaign.problems}
              rowKey={(problem) => problem.email}
              emptyText={t('campaigns.ui.progress.noProblems')}
              columns={[
                {
                  key: 'email',
                  header: t('campaigns.ui.progress.problemColumns.email'),
                  className: 'font-medium [overflow-wrap:anywhere]',
                  cell: (problem) => problem.email,
                },
                {
                  key: 'status',
                  header: t('campaigns.ui.progress.problemColumns.status'),
                  cell: (problem) => t(`campaigns.ui.progress.problemStatus.${problem.status}`),
                },
                {
                  key: 'error',
                  header: t('campaigns.ui.progress.problemColumns.error'),
                  hiddenBelow: 'md',
                  className: 'text-ink-soft [overflow-wrap:anywhere]',
                  cell: (problem) => problem.error ?? '–',
                  inline: (problem) =>
                    problem.error && <span className="text-ink-soft">{problem.error}</span>,
                },
              ]}
            />
          </>
        )}
      </section>

      <SentContent campaign={campaign} />

      {confirmCancel && (
        <ConfirmDialog
          text={t('campaigns.ui.progress.confirmCancel')}
          confirmLabel={t('campaigns.ui.progress.cancel')}
          cancelLabel={t('campaigns.ui.progress.keepGoing')}
          onConfirm={async () => {
            await act(() => cancelCampaign(campaign.id))
            setConfirmCancel(false)
          }}
          onCancel={() => setConfirmCancel(false)}
        />
      )}
    </CampaignPage>
  )
}

/** What went out, language by language, read-only; once sent, with its public web version. */
function SentContent({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('newsletter')
  const versions = LANGUAGE_CODES.filter(
    (language) => (campaign.content[language]?.subject.trim() ?? '') !== '',
  )
  const [language, setLanguage] = useState<Language>('hu')
  const version = campaign.content[language]
  return (
    <section className="mt-10" aria-labelledby="campaign-content-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaign-content-heading" className="font-display text-2xl font-semibold">
          {t('campaigns.ui.progress.content')}
        </h2>
        {versions.length > 1 && (
          <SegmentedChoice
            legend={t('campaigns.ui.progress.contentLanguage')}
            options={versions.map((code) => ({
              value: code,
              label: languageName(code, i18n.language),
            }))}
            value={language}
            onChange={setLanguage}
            className="[&_label]:first-letter:uppercase"
          />
        )}
      </div>
      <div className={`${card} mt-4`}>
        <CampaignPreview
          language={language}
          subject={version?.subject ?? ''}
          body={version?.body ?? ''}
        />
        {campaign.status === 'sent' && (
          <p className="mt-5 text-sm">
            <a
              href={`/newsletter/issues/${campaign.id}?lang=${language}`}
              className="font-semibold text-rose-deep underline underline-offset-4"
            >
              {t('campaigns.ui.progress.webVersion')}
            </a>
            <span className="text-ink-soft"> – {t('campaigns.ui.progress.webVersionHint')}</span>
          </p>
        )}
      </div>
    </section>
  )
}
