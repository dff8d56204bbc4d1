import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { DEFAULT_ROUND_DURATION_MINUTES } from '#shared/constants.ts'
import { formatClock, roundState, roundTimeLeft } from '#shared/countdown.ts'
import { roundInputSchema } from '#shared/schemas/events.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  addRound,
  endRound,
  removeRound,
  reseatRound,
  seatingCsvUrl,
  type EventDetail,
  type EventRound,
} from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'
import { useNow } from '#web/lib/use-now.ts'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useConfirm } from '../use-confirm.tsx'
import { useStartRound } from '../use-start-round.ts'
import type { EventActions } from '../use-event-actions.ts'
import type { ParticipantLabels } from '../use-participant-labels.ts'
import { ActionError } from './action-error.tsx'
import { Panel } from './panel.tsx'
import { SeatingBoard } from './seating-board.tsx'
import { TrashIcon } from './trash-icon.tsx'

/** Rounds by number: add (the mixer seats it), adjust, start, end early. */
export function RoundsPanel({
  detail,
  people,
  actions,
}: {
  detail: EventDetail
  people: ParticipantLabels
  actions: EventActions
}) {
  const { t } = useTranslation('events')
  const now = useNow()
  const [duration, setDuration] = useState(String(DEFAULT_ROUND_DURATION_MINUTES))
  const [durationError, setDurationError] = useState<string>()
  const [working, setWorking] = useState<string | null>(null)
  // The button at work waits with focus on it (pending); the others refuse meanwhile.
  const busy = (key: string) => ({
    pending: working === key,
    disabled: working !== null && working !== key,
  })
  const eventId = detail.event.id
  const active = detail.event.status === 'active'
  // An ended evening stays ended: no new round is added to it (reopening is its own step).
  const ended = !active && detail.event.endedAt !== null
  const waiting = detail.rounds.some((round) => !round.started)
  const confirm = useConfirm()

  /** One change at a time; its error shows at `where` (a round, or the form that adds one). */
  async function run<T>(key: string, where: string, call: () => Promise<ApiResult<T>>) {
    setWorking(key)
    const result = await actions.run(where, call)
    setWorking(null)
    return result
  }

  const startWith = useStartRound(detail, confirm)
  function start(round: EventRound) {
    startWith(
      round,
      (call) => run(`start-${round.id}`, `round-${round.id}`, call),
      // Its buttons give way to "End round early"; a failed start leaves it where it was.
      (ok) => actions.focusSoon(ok ? `round-${round.id}` : `round-${round.id}-start`),
    )
  }

  function askToEnd(round: EventRound) {
    confirm.ask({
      text: t('rounds.confirmEnd', {
        number: round.roundNumber,
        time: formatClock(roundTimeLeft(round, Date.now())),
      }),
      confirmLabel: t('rounds.confirmEndButton', { number: round.roundNumber }),
      onConfirm: async () => {
        const result = await run(`end-${round.id}`, `round-${round.id}`, () =>
          endRound(eventId, round.id),
        )
        if (result.ok) return () => actions.focusSoon('add-round', `round-${round.id}`)
      },
    })
  }

  function askToReseat(round: EventRound) {
    confirm.ask({
      text: t('rounds.confirmReseat', { number: round.roundNumber }),
      confirmLabel: t('rounds.confirmReseatButton'),
      onConfirm: async () => {
        await run(`reseat-${round.id}`, `round-${round.id}`, () => reseatRound(eventId, round.id))
      },
    })
  }

  function askToRemove(round: EventRound) {
    confirm.ask({
      text: t('rounds.confirmRemove', { number: round.roundNumber }),
      confirmLabel: t('rounds.confirmRemoveButton', { number: round.roundNumber }),
      onConfirm: async () => {
        const result = await run(`remove-${round.id}`, `round-${round.id}`, () =>
          removeRound(eventId, round.id),
        )
        if (result.ok) return () => actions.focusSoon('add-round', 'rounds-heading')
      },
    })
  }

  async function add(event: FormEvent) {
    event.preventDefault()
    const parsed = roundInputSchema.safeParse({ durationMinutes: Number(duration) })
    if (!parsed.success) {
      setDurationError(fieldErrors<'durationMinutes'>(parsed.error, t).durationMinutes)
      return
    }
    setDurationError(undefined)
    const result = await run('add', 'add-round', () =>
      addRound(eventId, parsed.data.durationMinutes),
    )
    // The form goes while a round waits: on to the new round.
    if (result.ok) actions.focusSoon(`round-${result.data.id}`, 'rounds-heading')
    // The button was disabled while it worked, which took focus from it.
    else actions.focusSoon('add-round')
  }

  return (
    <Panel
      id="rounds-heading"
      title={t('rounds.title')}
      intro={t('rounds.intro')}
      aside={
        detail.rounds.some((round) => round.seats.length > 0) && (
          <a
            href={seatingCsvUrl(eventId)}
            download
            className={buttonClass({ variant: 'outline', size: 'sm' })}
          >
            {t('rounds.export')}
          </a>
        )
      }
    >
      {!active && !ended && (
        <p className="mb-4 text-sm font-semibold text-ink-soft">{t('rounds.needsActive')}</p>
      )}
      {detail.rounds.length === 0 && <p className="mb-4 text-ink-soft">{t('rounds.empty')}</p>}
      {detail.rounds.some((round) => round.seats.length > 0) && (
        <SeatingFigures figures={detail.seating} />
      )}
      <ActionError
        message={actions.errorGone(
          'round-',
          detail.rounds.map((round) => `round-${round.id}`),
        )}
        className="mb-4"
      />
      <ol className="flex flex-col gap-5">
        {detail.rounds.map((round) => {
          const state = roundState(round, now)
          const left = roundTimeLeft(round, now)
          return (
            <li
              key={round.id}
              aria-labelledby={`round-${round.id}`}
              className={`rounded-2xl p-3 ring-1 sm:p-5 ${state === 'running' ? 'bg-blush/40 ring-rose/30' : 'bg-cream ring-ink/5'}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h3 id={`round-${round.id}`} tabIndex={-1} className="text-lg font-semibold">
                    {t('rounds.round', { number: round.roundNumber })}
                  </h3>
                  <p
                    className="text-sm text-ink-soft tabular-nums"
                    data-testid={`round-${round.roundNumber}-state`}
                  >
                    {t('rounds.length', { minutes: round.durationMinutes })} ·{' '}
                    {state === 'running'
                      ? t('rounds.timeLeft', { time: formatClock(left) })
                      : t(`rounds.states.${state}`)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {round.seats.length > 0 && (
                    <Link
                      href={`/admin/events/${eventId}/rounds/${round.id}/print`}
                      aria-label={t('rounds.printLabel', { number: round.roundNumber })}
                      className={buttonClass({ variant: 'outline', size: 'row' })}
                    >
                      {t('rounds.print')}
                    </Link>
                  )}
                  {/* An ended evening's seated round is left as it was: nothing to start. */}
                  {state === 'pending' && !ended && (
                    <>
                      <Button
                        id={`round-${round.id}-start`}
                        type="button"
                        variant="solid"
                        size="row"
                        {...busy(`start-${round.id}`)}
                        disabled={!active || busy(`start-${round.id}`).disabled}
                        onClick={() => start(round)}
                      >
                        {t('rounds.start')}
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="row"
                        {...busy(`reseat-${round.id}`)}
                        pendingLabel={t('rounds.reseating')}
                        onClick={() => askToReseat(round)}
                      >
                        {t('rounds.reseat')}
                      </Button>
                      <Button
                        type="button"
                        variant="danger"
                        size="row"
                        {...busy(`remove-${round.id}`)}
                        onClick={() => askToRemove(round)}
                      >
                        <TrashIcon />
                        {t('rounds.remove')}
                      </Button>
                    </>
                  )}
                  {state === 'running' && (
                    <Button
                      type="button"
                      variant="outline"
                      size="row"
                      {...busy(`end-${round.id}`)}
                      onClick={() => askToEnd(round)}
                    >
                      {t('rounds.end')}
                    </Button>
                  )}
                </div>
              </div>
              <ActionError message={actions.errorAt(`round-${round.id}`)} className="mt-3" />
              <SeatingBoard
                detail={detail}
                round={round}
                editable={state !== 'ended'}
                people={people}
                actions={actions}
              />
            </li>
          )
        })}
      </ol>
      {!waiting && !ended && (
        <form noValidate onSubmit={add} className="mt-6 flex flex-wrap items-start gap-3">
          <div className="w-44">
            <TextField
              label={t('rounds.duration')}
              type="number"
              inputMode="numeric"
              min={1}
              max={600}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              error={durationError}
            />
          </div>
          <Button
            id="add-round"
            type="submit"
            variant="solid"
            size="field"
            className="mt-7"
            {...busy('add')}
            pendingLabel={t('rounds.adding')}
          >
            {t('rounds.add')}
          </Button>
        </form>
      )}
      <ActionError message={actions.errorAt('add-round')} className="mt-3" />
      {confirm.dialog}
    </Panel>
  )
}

/**
 * How the seating of all the rounds fares (decision 0094): pairs meeting again within tonight,
 * and pairs who sat together at earlier evenings meeting again.
 */
function SeatingFigures({ figures }: { figures: EventDetail['seating'] }) {
  const { t } = useTranslation('events')
  const items = [
    {
      key: 'tonight',
      value: figures.repeats,
      label: t('rounds.figures.tonight'),
      hint: t('rounds.figures.tonightHint'),
    },
    {
      key: 'earlier',
      value: figures.earlierRepeats,
      label: t('rounds.figures.earlier'),
      hint: t('rounds.figures.earlierHint', { count: figures.memoryMonths }),
    },
  ]
  return (
    <dl
      aria-label={t('rounds.figures.title')}
      data-testid="seating-figures"
      className="mb-5 grid gap-3 sm:grid-cols-2"
    >
      {items.map((item) => (
        <div key={item.key} className="rounded-2xl bg-cream p-4 ring-1 ring-ink/5">
          <dt className="text-sm font-semibold text-ink-soft">{item.label}</dt>
          <dd className="mt-1 font-display text-3xl font-semibold tabular-nums">{item.value}</dd>
          <dd className="mt-1 text-sm text-ink-soft">{item.hint}</dd>
        </div>
      ))}
    </dl>
  )
}
