import { useState, type FormEvent } from 'react'
import { dateLocale } from '#shared/languages.ts'
import { addParticipantSchema } from '#shared/schemas/events.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  checkInByCode,
  removeParticipant,
  setParticipantStatus,
  waiveLateCancellation,
  type EventDetail,
  type Participant,
} from '../api/admin-events-api.ts'
import { useConfirm } from '../use-confirm.tsx'
import type { EventActions } from '../use-event-actions.ts'
import type { ParticipantLabels } from '../use-participant-labels.ts'
import { ActionError } from './action-error.tsx'
import { AnswerInPlace } from './answer-in-place.tsx'
import { Panel } from './panel.tsx'
import { TrashIcon } from './trash-icon.tsx'

const statusStyles = {
  present: 'bg-sage/20 text-sage-deep',
  registered: 'bg-sand text-ink-soft',
  absent: 'bg-ink/5 text-ink-soft',
  waiting: 'bg-gold-light/60 text-ink',
} as const

/** Where a row's main button is, to put focus on it. */
const mainButtonId = (userId: string) => `participant-${userId}-main`

/** Check-in at the door by member code; check in and out (late arrivals, early leavers). */
export function ParticipantsPanel({
  detail,
  people,
  actions,
}: {
  detail: EventDetail
  people: ParticipantLabels
  actions: EventActions
}) {
  const { t, i18n } = useTranslation('events')
  const eventId = detail.event.id
  const when = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  const participants = people.sorted(detail.participants, (p) => p.userId)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  // Who the last code let in: said (and read out) under the field, which keeps focus for the next.
  const [checkedIn, setCheckedIn] = useState<string | null>(null)
  const confirm = useConfirm()
  const count = (status: Participant['status']) =>
    participants.filter((p) => p.status === status).length

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = addParticipantSchema.safeParse({ userCode: code })
    if (!parsed.success) {
      setError(t('validation.userCodeInvalid'))
      return
    }
    setError(undefined)
    setCheckedIn(null)
    const result = await actions.run('check-in', () => checkInByCode(eventId, parsed.data.userCode))
    if (result.ok) {
      setCode('')
      setCheckedIn(result.data.userId)
    }
  }

  function askToRemove(p: Participant, index: number) {
    const name = people.labelOf(p.userId)
    // Her row goes: focus moves on to the next one (or the one before, or the panel's heading).
    const next = participants[index + 1] ?? participants[index - 1]
    confirm.ask({
      text: t('participants.confirmRemove', { name }),
      confirmLabel: t('participants.confirmRemoveButton', { name }),
      onConfirm: async () => {
        const result = await actions.run(`participant-${p.userId}`, () =>
          removeParticipant(eventId, p.userId),
        )
        if (result.ok)
          return () =>
            actions.focusSoon(...(next ? [mainButtonId(next.userId)] : []), 'participants-heading')
      },
    })
  }

  return (
    <Panel
      id="participants-heading"
      title={t('participants.title')}
      aside={
        <p className="text-sm font-semibold text-ink-soft" data-testid="participant-counts">
          {t('participants.counts', {
            present: count('present'),
            registered: count('registered'),
            absent: count('absent'),
          })}
          {count('waiting') > 0 && ` · ${t('list.waitingCount', { count: count('waiting') })}`}
          {detail.event.places !== null &&
            ` · ${t('list.placesLeft', {
              left: Math.max(
                0,
                detail.event.places - detail.participants.length + count('waiting'),
              ),
              places: detail.event.places,
            })}`}
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label={t('participants.userCode')}
            hint={t('participants.userCodeHint')}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            className="font-mono tracking-[0.2em] uppercase"
          />
        </div>
        <Button type="submit" variant="solid" size="field" className="mt-7">
          {t('participants.checkInByCode')}
        </Button>
      </form>
      <p role="status" className="mt-3 text-sm font-semibold text-sage-deep empty:hidden">
        {checkedIn && t('participants.checkedIn', { name: people.labelOf(checkedIn) })}
      </p>
      <ActionError message={actions.errorAt('check-in')} className="mt-3" />
      <ActionError
        message={actions.errorGone(
          'participant-',
          participants.map((p) => `participant-${p.userId}`),
        )}
        className="mt-3"
      />
      {participants.length === 0 ? (
        <p className="mt-6 text-ink-soft">{t('participants.empty')}</p>
      ) : (
        <ul className="mt-6 grid gap-x-10 lg:grid-cols-2">
          {participants.map((p, index) => {
            const name = people.labelOf(p.userId)
            const present = p.status === 'present'
            const where = `participant-${p.userId}`
            return (
              <li key={p.userId} className="border-b border-ink/5 py-3">
                <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
                  <div className="min-w-0 flex-[1_1_12rem]">
                    <p className="font-semibold [overflow-wrap:anywhere]">{name}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
                      <span className="font-mono tracking-wider">{p.userCode}</span>
                      <span
                        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyles[p.status]}`}
                      >
                        {t(`participants.statuses.${p.status}`)}
                      </span>
                    </p>
                  </div>
                  {/* Check in/out is the row's button; removing sits apart, at the far end. */}
                  <div className="flex flex-[1_1_auto] items-center justify-between gap-6 sm:flex-none">
                    <Button
                      id={mainButtonId(p.userId)}
                      type="button"
                      variant="outline"
                      size="row"
                      className="min-w-32"
                      aria-label={t(
                        present ? 'participants.checkOutLabel' : 'participants.checkInLabel',
                        { name },
                      )}
                      onClick={() =>
                        actions.run(where, () =>
                          setParticipantStatus(eventId, p.userId, present ? 'absent' : 'present'),
                        )
                      }
                    >
                      {t(present ? 'participants.checkOut' : 'participants.checkIn')}
                    </Button>
                    <Button
                      type="button"
                      variant="danger"
                      size="row"
                      aria-label={t('participants.removeLabel', { name })}
                      onClick={() => askToRemove(p, index)}
                    >
                      <TrashIcon />
                      {t('participants.remove')}
                    </Button>
                  </div>
                </div>
                <ActionError message={actions.errorAt(where)} className="mt-2" />
              </li>
            )
          })}
        </ul>
      )}
      {detail.lateCancellations.length > 0 && (
        <section aria-labelledby="late-cancellations-heading" className="mt-8">
          <h3 id="late-cancellations-heading" className="font-semibold">
            {t('participants.lateTitle')}
          </h3>
          <ul className="mt-2">
            {detail.lateCancellations.map((late) => {
              const name = late.fullName ?? late.email
              const where = `late-${late.userId}`
              return (
                <li
                  key={late.userId}
                  className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-ink/5 py-3"
                >
                  <div>
                    <p className="font-semibold [overflow-wrap:anywhere]">{name}</p>
                    <p className="text-sm text-ink-soft">
                      {t('participants.lateWhen', {
                        time: when.format(new Date(late.cancelledAt)),
                      })}
                    </p>
                  </div>
                  <AnswerInPlace
                    where={where}
                    answered={late.waivedAt !== null}
                    answer={t('participants.lateWaived')}
                    label={t('participants.lateWaiveLabel', { name })}
                    actions={actions}
                    act={() => waiveLateCancellation(eventId, late.userId)}
                  >
                    {t('participants.lateWaive')}
                  </AnswerInPlace>
                  <ActionError message={actions.errorAt(where)} className="w-full" />
                </li>
              )
            })}
          </ul>
        </section>
      )}
      {confirm.dialog}
    </Panel>
  )
}
