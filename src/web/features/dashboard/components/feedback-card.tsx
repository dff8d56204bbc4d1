import { lazy, Suspense, useId } from 'react'
import { dateLocale } from '#shared/languages.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { DashboardData } from '../api/dashboard-api.ts'
import { FiguresTable } from './figures-table.tsx'

// The same lazily loaded chart module as the other cards (one chunk).
const DashboardChart = lazy(() => import('./dashboard-chart.tsx'))

const TIME_ZONE = 'Europe/Budapest'

type Evening = DashboardData['evenings'][number]

/**
 * How the evenings felt (issue 40, part 4), for the evenings of the range that have ended: the
 * latest one's figures in large type, every evening's in a table (numbers first), the average
 * rating over evenings as a chart, then each evening's comments, whole, newest evening first.
 * Answers come without names: the API carries none (decision 87).
 */
export function FeedbackCard({ evenings }: { evenings: Evening[] }) {
  const { t, i18n } = useTranslation('dashboard')
  const id = useId()
  const ended = evenings.filter((evening) => evening.endedAt !== null)
  const number = new Intl.NumberFormat(i18n.language)
  const decimal = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: TIME_ZONE,
  })
  const label = (evening: Evening) =>
    `${evening.eventName} (${date.format(new Date(evening.startTime))})`
  const average = (evening: Evening) =>
    evening.feedback.average === null
      ? t('feedback.noAverage')
      : decimal.format(evening.feedback.average)
  const rated = ended.filter((evening) => evening.feedback.average !== null)
  const latest = ended.at(-1)

  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-7"
      data-testid="dashboard-feedback"
    >
      <h3 id={id} className="font-display text-xl font-semibold">
        {t('feedback.title')}
      </h3>
      <p className="mt-1 text-ink-soft">{t('feedback.summary')}</p>
      {!latest ? (
        <p className="mt-5 rounded-2xl bg-cream px-5 py-8 text-center text-ink-soft">
          {t('feedback.empty')}
        </p>
      ) : (
        <>
          <h4 className="mt-5 font-semibold">{label(latest)}</h4>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              [t('feedback.average'), average(latest)],
              [t('feedback.answers'), number.format(latest.feedback.answers)],
              [t('feedback.newPairs'), number.format(latest.newPairs)],
              [t('feedback.mutualKlikks'), number.format(latest.mutualKlikks)],
            ].map(([name, value]) => (
              <div key={name} className="flex flex-col-reverse rounded-2xl bg-cream px-4 py-3">
                <dt className="text-sm text-ink-soft">{name}</dt>
                <dd className="font-display text-3xl font-semibold text-rose-deep tabular-nums">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
            <FiguresTable
              caption={t('feedback.caption')}
              listOnPhone
              headers={[
                t('feedback.evening'),
                t('feedback.average'),
                t('feedback.answers'),
                t('feedback.newPairs'),
                t('feedback.mutualKlikks'),
              ]}
              rows={ended.map((evening) => ({
                key: evening.id,
                label: label(evening),
                figures: [
                  average(evening),
                  number.format(evening.feedback.answers),
                  number.format(evening.newPairs),
                  number.format(evening.mutualKlikks),
                ],
              }))}
            />
            {rated.length > 0 && (
              <figure>
                <figcaption className="text-sm font-semibold">
                  {t('feedback.chartTitle')}
                </figcaption>
                <div className="relative mt-2 h-56 sm:h-64">
                  <Suspense fallback={<div className="h-full rounded-2xl bg-cream" />}>
                    <DashboardChart
                      spec={{
                        locale: i18n.language,
                        description: `${t('feedback.chartTitle')}. ${t('chartNote')}`,
                        labels: rated.map((evening) => evening.eventName),
                        series: [
                          {
                            label: t('feedback.chartLabel'),
                            data: rated.map((evening) => evening.feedback.average ?? 0),
                            look: 'bar-dark',
                          },
                        ],
                        max: 5,
                      }}
                    />
                  </Suspense>
                </div>
              </figure>
            )}
          </div>
          <h4 className="mt-7 font-semibold">{t('feedback.commentsTitle')}</h4>
          <ul className="mt-3 flex flex-col gap-5">
            {[...ended].reverse().map((evening) => (
              <li key={evening.id}>
                <Comments title={label(evening)} comments={evening.feedback.comments} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-5 text-sm text-ink-soft">{t('feedback.note')}</p>
    </section>
  )
}

function Comments({ title, comments }: { title: string; comments: string[] }) {
  const { t } = useTranslation('dashboard')
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h5 id={id} className="text-sm font-semibold text-rose-deep">
        {t('feedback.commentsOf', { evening: title })}{' '}
        <span className="font-normal text-ink-soft">
          · {t('feedback.comments', { count: comments.length })}
        </span>
      </h5>
      {comments.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">{t('feedback.noComments')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {comments.map((comment, index) => (
            <li
              key={index}
              className="rounded-2xl bg-cream px-4 py-3 break-words whitespace-pre-line"
            >
              {comment}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
