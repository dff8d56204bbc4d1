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
  startRound,
  type EventDetail,
} from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'
import { useNow } from '#web/lib/use-now.ts'
import type { Act } from './event-workspace.tsx'
import { Panel } from './panel.tsx'
import { SeatingBoard } from './seating-board.tsx'

/** Rounds by number: add (the mixer seats it), adjust, start, end early. */
export function RoundsPanel({ detail, act }: { detail: EventDetail; act: Act }) {
  const { t } = useTranslation('events')
  const now = useNow()
  const [duration, setDuration] = useState(String(DEFAULT_ROUND_DURATION_MINUTES))
  const [durationError, setDurationError] = useState<string>()
  const [working, setWorking] = useState<string | null>(null)
  const eventId = detail.event.id
  const active = detail.event.status === 'active'
  const waiting = detail.rounds.some((round) => !round.started)

  async function run(key: string, call: Parameters<Act>[0]) {
    setWorking(key)
    await act(call)
    setWorking(null)
  }

  async function add(event: FormEvent) {
    event.preventDefault()
    const parsed = roundInputSchema.safeParse({ durationMinutes: Number(duration) })
    if (!parsed.success) {
      setDurationError(fieldErrors<'durationMinutes'>(parsed.error, t).durationMinutes)
      return
    }
    setDurationError(undefined)
    await run('add', () => addRound(eventId, parsed.data.durationMinutes))
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
      {!active && (
        <p className="mb-4 text-sm font-semibold text-ink-soft">{t('rounds.needsActive')}</p>
      )}
      {detail.rounds.length === 0 && <p className="mb-4 text-ink-soft">{t('rounds.empty')}</p>}
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
                  <h3 id={`round-${round.id}`} className="text-lg font-semibold">
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
                      className={buttonClass({ variant: 'outline', size: 'sm' })}
                    >
                      {t('rounds.print')}
                    </Link>
                  )}
                  {state === 'pending' && (
                    <>
                      <Button
                        type="button"
                        variant="solid"
                        size="sm"
                        disabled={!active || working !== null}
                        onClick={() =>
                          run(`start-${round.id}`, () => startRound(eventId, round.id))
                        }
                      >
                        {t('rounds.start')}
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={working !== null}
                        onClick={() =>
                          run(`reseat-${round.id}`, () => reseatRound(eventId, round.id))
                        }
                      >
                        {working === `reseat-${round.id}`
                          ? t('rounds.reseating')
                          : t('rounds.reseat')}
                      </Button>
                      <Button
                        type="button"
                        variant="quiet"
                        size="sm"
                        disabled={working !== null}
                        onClick={() =>
                          run(`remove-${round.id}`, () => removeRound(eventId, round.id))
                        }
                      >
                        {t('rounds.remove')}
                      </Button>
                    </>
                  )}
                  {state === 'running' && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={working !== null}
                      onClick={() => run(`end-${round.id}`, () => endRound(eventId, round.id))}
                    >
                      {t('rounds.end')}
                    </Button>
                  )}
                </div>
              </div>
              <SeatingBoard detail={detail} round={round} editable={state !== 'ended'} act={act} />
            </li>
          )
        })}
      </ol>
      {!waiting && (
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
            type="submit"
            variant="solid"
            size="field"
            className="mt-7"
            disabled={working !== null}
          >
            {working === 'add' ? t('rounds.adding') : t('rounds.add')}
          </Button>
        </form>
      )}
    </Panel>
  )
}
