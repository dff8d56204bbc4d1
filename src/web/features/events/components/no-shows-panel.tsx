import { useTranslation } from '#web/lib/use-translation.ts'
import { clearNoShow, type EventDetail } from '../api/admin-events-api.ts'
import type { EventActions } from '../use-event-actions.ts'
import type { ParticipantLabels } from '../use-participant-labels.ts'
import { ActionError } from './action-error.tsx'
import { AnswerInPlace } from './answer-in-place.tsx'
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
              <AnswerInPlace
                where={where}
                answered={noShow.clearedAt !== null}
                answer={t('participants.noShowCleared')}
                label={t('participants.noShowClearLabel', { name })}
                actions={actions}
                act={() => clearNoShow(eventId, noShow.userId)}
              >
                {t('participants.noShowClear')}
              </AnswerInPlace>
              <ActionError message={actions.errorAt(where)} className="w-full" />
            </li>
          )
        })}
      </ul>
    </Panel>
  )
}
