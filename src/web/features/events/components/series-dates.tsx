import { useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { followSeries, type MemberEvent } from '../api/member-events-api.ts'
import { Registration } from './registration.tsx'
import { eveningTime } from '#web/lib/evening-time.ts'

type Later = NonNullable<MemberEvent['series']>['later'][number]

/**
 * Under a series' next evening: the dates after it, each with her registration as any evening,
 * and following the series (one e-mail when registration opens for each evening).
 */
export function SeriesDates({
  event,
  busy,
  onToggle,
  onAnswer,
}: {
  event: MemberEvent
  busy: string | null
  onToggle: (evening: Pick<MemberEvent, 'id' | 'registration'>) => void
  /** Her yes or no to a place offered from the waiting list of one of these evenings. */
  onAnswer: (evening: Pick<MemberEvent, 'id'>, yes: boolean) => void
}) {
  const { t, i18n } = useTranslation('events')
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const series = event.series
  if (!series) return null
  // As the card above says its own date (the evening's clock), so the dates read alike.
  const format = eveningTime(i18n.language)
  const headingId = `series-later-${series.id}`
  const hintId = `series-follow-hint-${series.id}`

  async function follow() {
    if (!series) return
    setPending(true)
    setFailure(null)
    const done = await followSeries(series.id, !series.following)
    setPending(false)
    if (!done.ok) setFailure(done.message || t('page.actionFailed'))
  }

  const asEvening = (later: Later) => ({ ...later, status: 'inactive' as const })
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-ink/10 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="md"
          pending={pending}
          aria-pressed={series.following}
          aria-describedby={hintId}
          onClick={follow}
        >
          {series.following ? t('member.seriesFollowing') : t('member.seriesFollow')}
        </Button>
        <p id={hintId} className="text-sm text-ink-soft">
          {t(series.following ? 'member.seriesFollowingHint' : 'member.seriesFollowHint')}
        </p>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      {series.later.length > 0 && (
        <section aria-labelledby={headingId}>
          <h3
            id={headingId}
            className="text-sm font-semibold tracking-wide text-ink-soft uppercase"
          >
            {t('member.seriesLater')}
          </h3>
          <ul className="mt-2 flex flex-col divide-y divide-ink/10">
            {series.later.map((later) => (
              <li key={later.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="font-medium">{format.format(new Date(later.startTime))}</span>
                <div className="flex flex-wrap items-center gap-3">
                  <Registration
                    event={asEvening(later)}
                    pending={busy === later.id}
                    onToggle={() => onToggle(later)}
                    onAnswer={(yes) => onAnswer(later, yes)}
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
