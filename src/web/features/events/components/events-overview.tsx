import { useQuery } from '@tanstack/react-query'
import { AFTER_EVENING_GRACE_MINUTES } from '#shared/schemas/events.ts'
import { useState } from 'react'
import { Link } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { refresh, useRefreshOnChanges } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'
import { useFocusAfterSteps } from '#web/lib/use-focus-soon.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  endEvent,
  eventListQuery,
  startEvent,
  type EventListItem,
} from '../api/admin-events-api.ts'
import { useConfirm } from '../use-confirm.tsx'
import { cardIds, EventCard } from './event-card.tsx'

const FILTERS = ['all', 'klikk', 'other'] as const
type Filter = (typeof FILTERS)[number]

/** The admin's events list (SPEC: newest first, with the is_klikk filter). */
export function EventsOverview() {
  const { t } = useTranslation('events')
  const [filter, setFilter] = useState<Filter>('all')
  const list = useQuery(eventListQuery(filter))
  // Cards follow changes made anywhere (another admin, the round panel) without a reload.
  useRefreshOnChanges('/api/admin/events/live', () => [eventKeys.lists()])
  const items: EventListItem[] | null = list.data?.events ?? null
  const [actionError, setActionError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const confirm = useConfirm()
  // The button she pressed is replaced (Start by the round panel and End): focus goes on to the
  // card's next step, or to the list's heading when the card left the filtered list.
  // As the answer comes: unless she went on to something else while she waited.
  const { during, focusSoon } = useFocusAfterSteps()

  async function act(id: string, action: typeof startEvent) {
    setBusy(id)
    setActionError(null)
    const result = await during(async () => {
      const answer = await action(id)
      if (!answer.ok) {
        setActionError(answer.message)
        await refresh(eventKeys.lists())
      }
      return answer
    })
    setBusy(null)
    const next = action === startEvent ? cardIds(id).roundPanel : cardIds(id).manage
    return result.ok ? [next, cardIds(id).manage, 'events-heading'] : [cardIds(id).manage]
  }

  function askToEnd(event: EventListItem) {
    confirm.ask({
      text: t('page.confirmEnd', { minutes: AFTER_EVENING_GRACE_MINUTES }),
      confirmLabel: t('page.confirmEndButton'),
      onConfirm: async () => {
        // Once the dialog has gone: while it is open, nothing outside it can take focus.
        const ids = await act(event.id, endEvent)
        return () => focusSoon(...ids)
      },
    })
  }
  // '' is "the server said nothing": the page's own text shows.
  const error =
    actionError !== null
      ? actionError || t('page.actionFailed')
      : list.error
        ? list.error.message || t('list.loadFailed')
        : null

  return (
    <section aria-labelledby="events-heading" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="events-heading" tabIndex={-1} className="font-display text-3xl font-semibold">
          {t('list.title')}
        </h2>
        <div className="flex flex-wrap gap-3">
          <Link
            href="/admin/series/new"
            className="inline-flex h-11 items-center rounded-full border border-ink/15 bg-white px-5 font-semibold transition hover:border-rose/50"
          >
            {t('series.new')}
          </Link>
          <Link
            href="/admin/events/new"
            className="inline-flex h-11 items-center rounded-full bg-rose-deep px-5 font-semibold text-white shadow-md shadow-rose/20 transition hover:bg-ink"
          >
            {t('list.new')}
          </Link>
        </div>
      </div>
      <SegmentedChoice
        className="mt-5"
        legend={t('list.filter')}
        options={FILTERS.map((value) => ({ value, label: t(`list.filters.${value}`) }))}
        value={filter}
        onChange={setFilter}
      />
      {error && (
        <div className="mt-5">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      {items && items.length === 0 && (
        <p className="mt-6 rounded-3xl bg-white p-8 text-center text-ink-soft ring-1 ring-ink/5">
          {t('list.empty')}
        </p>
      )}
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items?.map((event) => (
          <EventCard
            key={event.id}
            event={event}
            busy={busy === event.id}
            onStart={() => void act(event.id, startEvent).then((ids) => focusSoon(...ids))}
            onEnd={() => askToEnd(event)}
          />
        ))}
      </div>
      {confirm.dialog}
    </section>
  )
}
