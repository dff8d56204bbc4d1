import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { clearNoShow, type EventDetail } from '../api/admin-events-api.ts'
import type { EventActions } from '../use-event-actions.ts'
import type { ParticipantLabels } from '../use-participant-labels.ts'
import { ActionError } from './action-error.tsx'
import { Panel } from './panel.tsx'

/**
 * After the evening: who held a place and was not checked in when it ended (decision 0091). The
 * host clears one she was told about ("she called, she was ill"); nobody is told off.
 */
export function NoShowsPanel({
  detail,
  people,
  actions,
}: {
  detail: EventDetail
  people: ParticipantLabels
  actions: EventActions
}) {
  const { t } = useTranslation('events')
  const eventId = detail.event.id
  const nameOf = (noShow: EventDetail['noShows'][number]) => {
    const label = people.labelOf(noShow.userId)
    return label === '—' ? (noShow.fullName ?? noShow.email) : label
  }
  const noShows = people.sorted(detail.noShows, (n) => n.userId)
  return (
    <Panel
      id="no-shows-heading"
      title={t('participants.noShowTitle')}
      intro={t('participants.noShowNote')}
    >
      <ul data-testid="no-shows">
        {noShows.map((noShow) => {
          const name = nameOf(noShow)
          const where = `no-show-${noShow.userId}`
          return (
            <li
              key={noShow.userId}
              className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-ink/5 py-3 last:border-b-0"
            >
              <p className="font-semibold [overflow-wrap:anywhere]">{name}</p>
              {noShow.clearedAt ? (
                // Where focus lands once "Clear" went: the answer to it, in its place.
                <span
                  id={`${where}-cleared`}
                  tabIndex={-1}
                  className="rounded-full bg-ink/5 px-2.5 py-0.5 text-xs font-semibold text-ink-soft"
                >
                  {t('participants.noShowCleared')}
                </span>
              ) : (
                <Button
                  type="button"
                  variant="outline"
                  size="row"
                  aria-label={t('participants.noShowClearLabel', { name })}
                  onClick={async () => {
                    const cleared = await actions.run(where, () =>
                      clearNoShow(eventId, noShow.userId),
                    )
                    if (cleared.ok) actions.focusSoon(`${where}-cleared`)
                  }}
                >
                  {t('participants.noShowClear')}
                </Button>
              )}
              <ActionError message={actions.errorAt(where)} className="w-full" />
            </li>
          )
        })}
      </ul>
    </Panel>
  )
}
