import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { dateLocale } from '#shared/languages.ts'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { DASHBOARD_RANGES, type DashboardRange } from '#shared/schemas/dashboard.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { dashboardQuery, type DashboardData } from '../api/dashboard-api.ts'
import type { ChartSpec } from './chart-spec.ts'
import { FeedbackCard } from './feedback-card.tsx'
import { FiguresTable, type FiguresRow } from './figures-table.tsx'

// Chart.js comes with the chart, on the dashboard only: the rest of the site never loads it.
const DashboardChart = lazy(() => import('./dashboard-chart.tsx'))

const TIME_ZONE = 'Europe/Budapest'

/** A card: its heading and summary, the chart, and its numbers beside it (below, on a phone). */
function ChartCard({
  title,
  summary,
  note,
  chart,
  table,
  empty,
  tableBelow = false,
}: {
  title: string
  summary?: ReactNode
  note?: string
  chart: ChartSpec
  table: ReactNode
  /** Shown instead of chart and table when there is nothing to draw. */
  empty?: string
  /** A wide table (long names, many columns) goes under the chart, not beside it. */
  tableBelow?: boolean
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-7"
    >
      <h3 id={id} className="font-display text-xl font-semibold">
        {title}
      </h3>
      {summary && <p className="mt-1 text-ink-soft">{summary}</p>}
      {empty ? (
        <p className="mt-5 rounded-2xl bg-cream px-5 py-8 text-center text-ink-soft">{empty}</p>
      ) : (
        <div
          className={`mt-5 grid gap-6 ${tableBelow ? '' : 'lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start'}`}
        >
          <div className="relative h-64 sm:h-72">
            <Suspense fallback={<div className="h-full rounded-2xl bg-cream" />}>
              <DashboardChart spec={chart} />
            </Suspense>
          </div>
          {table}
        </div>
      )}
      {note && <p className="mt-4 text-sm text-ink-soft">{note}</p>}
    </section>
  )
}

/**
 * The owner's dashboard on /admin, above the events: the newsletter, campaigns, evenings and new
 * accounts, per week, for the last 4 or 12 weeks or all time. Each chart has its table of numbers
 * beside it; while another period loads, the figures shown stay in place.
 */
export function DashboardPanel() {
  const { t, i18n } = useTranslation('dashboard')
  const [range, setRange] = useState<DashboardRange>('12w')
  // The figures shown stay while another period's come.
  const { data, error: failure } = useQuery({
    ...dashboardQuery(range),
    placeholderData: keepPreviousData,
  })
  const error = failure ? failure.message : null

  return (
    <section aria-labelledby="dashboard-heading" className="mt-12">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id="dashboard-heading" className="font-display text-3xl font-semibold">
            {t('title')}
          </h2>
          <p className="mt-2 max-w-2xl text-ink-soft">{t('intro')}</p>
        </div>
        <SegmentedChoice
          className="self-start md:self-auto"
          legend={t('range')}
          options={DASHBOARD_RANGES.map((value) => ({ value, label: t(`ranges.${value}`) }))}
          value={range}
          onChange={setRange}
        />
      </div>
      <p role="status" className="mt-3 text-sm text-ink-soft">
        {data?.range === range ? `${t(`showing.${range}`)} ${t('weeksNote')}` : t('loading')}
      </p>
      {error !== null && (
        <div className="mt-4">
          <Alert tone="error">{error || t('loadFailed')}</Alert>
        </div>
      )}
      {data && (
        <div
          className={`mt-6 grid gap-6 transition-opacity ${data.range === range ? '' : 'opacity-60'}`}
        >
          <Figures data={data} language={i18n.language} />
        </div>
      )}
    </section>
  )
}

function Figures({ data, language }: { data: DashboardData; language: string }) {
  const { t } = useTranslation('dashboard')
  const number = new Intl.NumberFormat(language)
  const n = (value: number) => number.format(value)
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 })
  /** "2 (20%)": the evening's no-shows and their share of those who held a place. */
  const noShowShare = (e: { noShows: number; registered: number }) =>
    t('evenings.noShowShare', {
      formatted: n(e.noShows),
      share: percent.format(e.registered > 0 ? e.noShows / e.registered : 0),
    })
  const thisYear = data.weeks.at(-1)?.slice(0, 4)
  const withYear = new Intl.DateTimeFormat(dateLocale(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
  const withoutYear = new Intl.DateTimeFormat(dateLocale(language), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
  /** A week by its Monday; the year only when it is not this one. */
  const weekLabel = (week: string) =>
    (week.startsWith(thisYear ?? '') ? withoutYear : withYear).format(new Date(`${week}T00:00:00Z`))
  const eveningDate = new Intl.DateTimeFormat(dateLocale(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: TIME_ZONE,
  })
  const weekLabels = data.weeks.map(weekLabel)
  /** Weekly figures as table rows, newest week first. */
  const weeklyRows = (columns: number[][]): FiguresRow[] =>
    data.weeks
      .map((week, index) => ({
        key: week,
        label: weekLabel(week),
        figures: columns.map((column) => n(column[index] ?? 0)),
      }))
      .reverse()

  const { newsletter, welcome, campaigns, evenings, members } = data
  const confirmedNow = newsletter.confirmed.reduce((sum, l) => sum + (l.weeks.at(-1) ?? 0), 0)
  const newAccounts = members.newAccounts.reduce((sum, count) => sum + count, 0)
  const languageName = (code: string) =>
    code === 'hu' || code === 'en' || code === 'es' || code === 'de' ? t(`languages.${code}`) : code
  const LINE_LOOKS = ['line-solid', 'line-dashed', 'line-dotted', 'line-dash-dot'] as const
  const chartNote = t('chartNote')
  const campaignLabel = (subject: string) => subject || t('campaigns.untitled')
  const welcomeLabel = (e: DashboardData['welcome'][number]) =>
    e.delayDays === 0
      ? t('welcome.labelAtOnce', { position: e.position })
      : t('welcome.label', { position: e.position, count: e.delayDays })
  const eveningLabel = (e: DashboardData['evenings'][number]) =>
    `${e.eventName} (${eveningDate.format(new Date(e.startTime))})`

  return (
    <>
      <ChartCard
        title={t('newsletter.confirmedTitle')}
        summary={`${t('newsletter.summary', { count: confirmedNow, formatted: n(confirmedNow) })} · ${t('newsletter.pending', { count: newsletter.pending, formatted: n(newsletter.pending) })}`}
        chart={{
          locale: language,
          description: `${t('newsletter.confirmedTitle')}. ${chartNote}`,
          labels: weekLabels,
          series: newsletter.confirmed.map((l, index) => ({
            label: languageName(l.language),
            data: l.weeks,
            look: LINE_LOOKS[index % LINE_LOOKS.length] ?? 'line-solid',
          })),
        }}
        table={
          <FiguresTable
            caption={t('newsletter.confirmedCaption')}
            headers={[
              t('week'),
              ...newsletter.confirmed.map((l) => ({
                full: languageName(l.language),
                short: l.language.toUpperCase(),
              })),
            ]}
            rows={weeklyRows(newsletter.confirmed.map((l) => l.weeks))}
          />
        }
      />
      <ChartCard
        title={t('newsletter.flowTitle')}
        note={t('newsletter.flowNote')}
        chart={{
          locale: language,
          description: `${t('newsletter.flowTitle')}. ${chartNote}`,
          labels: weekLabels,
          series: [
            {
              label: t('newsletter.confirmations'),
              data: newsletter.confirmations,
              look: 'bar-dark',
            },
            {
              label: t('newsletter.unsubscribes'),
              data: newsletter.unsubscribes,
              look: 'bar-hatched',
            },
          ],
        }}
        table={
          <FiguresTable
            caption={t('newsletter.flowCaption')}
            headers={[t('week'), t('newsletter.confirmations'), t('newsletter.unsubscribes')]}
            rows={weeklyRows([newsletter.confirmations, newsletter.unsubscribes])}
          />
        }
      />
      <ChartCard
        title={t('welcome.title')}
        empty={welcome.length === 0 ? t('welcome.empty') : undefined}
        chart={{
          locale: language,
          description: `${t('welcome.title')}. ${chartNote}`,
          labels: welcome.map(welcomeLabel),
          series: [
            { label: t('welcome.sent'), data: welcome.map((e) => e.sent), look: 'bar-dark' },
          ],
        }}
        table={
          <FiguresTable
            caption={t('welcome.caption')}
            headers={[t('welcome.email'), t('welcome.sent')]}
            rows={welcome.map((e) => ({
              key: String(e.position),
              label: welcomeLabel(e),
              figures: [n(e.sent)],
            }))}
          />
        }
      />
      <ChartCard
        title={t('campaigns.title')}
        tableBelow
        empty={campaigns.length === 0 ? t('campaigns.empty') : undefined}
        chart={{
          locale: language,
          description: `${t('campaigns.title')}. ${chartNote}`,
          labels: campaigns.map((c) => campaignLabel(c.subject)),
          series: [
            { label: t('campaigns.sent'), data: campaigns.map((c) => c.sent), look: 'bar-dark' },
            {
              label: t('campaigns.failed'),
              data: campaigns.map((c) => c.failed),
              look: 'bar-dotted',
            },
            {
              label: t('campaigns.bounced'),
              data: campaigns.map((c) => c.bounced),
              look: 'bar-hatched',
            },
            {
              label: t('campaigns.unsubscribed'),
              data: campaigns.map((c) => c.unsubscribed),
              look: 'bar-ink',
            },
          ],
        }}
        table={
          <FiguresTable
            caption={t('campaigns.caption')}
            listOnPhone
            headers={[
              t('campaigns.campaign'),
              t('campaigns.sent'),
              t('campaigns.failed'),
              t('campaigns.bounced'),
              t('campaigns.unsubscribed'),
            ]}
            rows={campaigns.map((c) => ({
              key: c.id,
              label: campaignLabel(c.subject),
              figures: [c.sent, c.failed, c.bounced, c.unsubscribed].map(n),
            }))}
          />
        }
      />
      <ChartCard
        title={t('evenings.title')}
        note={t('evenings.note')}
        tableBelow
        empty={evenings.length === 0 ? t('evenings.empty') : undefined}
        chart={{
          locale: language,
          description: `${t('evenings.title')}. ${chartNote}`,
          labels: evenings.map((e) => e.eventName),
          series: [
            {
              label: t('evenings.present'),
              data: evenings.map((e) => e.present),
              look: 'bar-dark',
              stack: 'places',
            },
            {
              label: t('evenings.absent'),
              data: evenings.map((e) => e.absent),
              look: 'bar-hatched',
              stack: 'places',
            },
            {
              label: t('evenings.metSomeoneNew'),
              data: evenings.map((e) => e.metSomeoneNew),
              look: 'line-dashed',
            },
          ],
        }}
        table={
          <FiguresTable
            caption={t('evenings.caption')}
            listOnPhone
            headers={[
              t('evenings.evening'),
              t('evenings.registered'),
              t('evenings.present'),
              t('evenings.absent'),
              t('evenings.noShows'),
              t('evenings.metSomeoneNew'),
            ]}
            rows={evenings.map((e) => ({
              key: e.id,
              label: eveningLabel(e),
              figures: [
                n(e.registered),
                n(e.present),
                n(e.absent),
                e.endedAt === null ? '–' : noShowShare(e),
                n(e.metSomeoneNew),
              ],
            }))}
          />
        }
      />
      <FeedbackCard evenings={evenings} />
      <ChartCard
        title={t('members.title')}
        summary={t('members.summary', { count: newAccounts, formatted: n(newAccounts) })}
        note={t('members.note')}
        chart={{
          locale: language,
          description: `${t('members.newAccounts')}. ${chartNote}`,
          labels: weekLabels,
          series: [
            { label: t('members.newAccounts'), data: members.newAccounts, look: 'bar-dark' },
          ],
        }}
        table={
          <FiguresTable
            caption={t('members.caption')}
            headers={[t('week'), t('members.newAccounts')]}
            rows={weeklyRows([members.newAccounts])}
          />
        }
      />
    </>
  )
}
