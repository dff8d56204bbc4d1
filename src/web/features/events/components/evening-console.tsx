import { useState } from 'react'
import { AFTER_EVENING_GRACE_MINUTES } from '#shared/schemas/events.ts'
import { Link } from 'wouter'
import { DEFAULT_ROUND_DURATION_MINUTES } from '#shared/constants.ts'
import { formatClock, roundState, roundTimeLeft } from '#shared/countdown.ts'
import { questionText, shownQuestion } from '#shared/schemas/questions.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  addRound,
  endEvent,
  endRound,
  reopenEvent,
  skipQuestion,
  startEvent,
  type EventDetail,
  type EventRound,
} from '../api/admin-events-api.ts'
import { useConfirm } from '../use-confirm.tsx'
import type { EventActions } from '../use-event-actions.ts'
import { useStartRound } from '../use-start-round.ts'
import { ActionError } from './action-error.tsx'
import { EventCountdown, startDue } from './event-countdown.tsx'
import { eventStatus } from './event-status-badge.tsx'

/** The console's buttons, by id: focus goes to the next step after each one. */
const NEXT = 'console-next'
const OTHER = 'console-other'
const SKIP = 'console-skip'
/** The console itself: a step's answer moves focus on only while she is still in it. */
const CONSOLE = 'evening-console'

interface Step {
  label: string
  act: () => void
}

/**
 * The host's console for the running evening: the round and its countdown, the one next step
 * (start the evening, seat a round, start it, end it, end the evening), who has arrived, who not
 * yet and who has no seat, the way to the door and to the big screen. It fits a phone's first
 * screen; what each step did is said here, and focus moves on to the next step.
 */
export function EveningConsole({
  detail,
  actions,
  unseatedCount,
}: {
  detail: EventDetail
  actions: EventActions
  unseatedCount: number
}) {
  const { t, i18n } = useTranslation('events')
  const now = useNow()
  const confirm = useConfirm()
  const startWith = useStartRound(detail, confirm)
  const [said, setSaid] = useState<string | null>(null)
  const [working, setWorking] = useState(false)
  // The button she pressed waits with focus on it (pending); the others refuse meanwhile.
  const [pressed, setPressed] = useState<string | null>(null)
  const press = (key: string, step: Step) => () => {
    setPressed(key)
    step.act()
  }
  const busy = (key: string) => ({
    pending: working && pressed === key,
    disabled: working && pressed !== key,
  })
  const { event, rounds, participants } = detail
  const status = eventStatus(event)
  const running = rounds.find((round) => roundState(round, now) === 'running') ?? null
  const pending = rounds.find((round) => !round.started) ?? null
  const current = [...rounds].reverse().find((round) => round.started) ?? null
  const played = rounds.filter((round) => round.started).length
  const nextNumber = (rounds.at(-1)?.roundNumber ?? 0) + 1
  const count = (state: string) => participants.filter((p) => p.status === state).length

  /** One step: its answer is said here, and focus goes on to the console's next step. */
  async function run<T>(call: () => Promise<ApiResult<T>>, answer: (data: T) => string) {
    setWorking(true)
    setSaid(null)
    const result = await actions.run('console', call)
    setWorking(false)
    if (result.ok) setSaid(answer(result.data))
    return result
  }
  // Unless she has gone on meanwhile (opened the set-up while the round started): focus stays
  // (focusSoon after a step, decision 108).
  const focusNext = () => actions.focusSoon(NEXT, OTHER, 'console-heading')

  const startEvening = () =>
    void run(
      () => startEvent(event.id),
      () => t('console.said.started'),
    ).then(focusNext)
  const seatRound = () =>
    void run(
      () => addRound(event.id, rounds.at(-1)?.durationMinutes ?? DEFAULT_ROUND_DURATION_MINUTES),
      (round) => t('console.said.seated', { number: round.roundNumber }),
    ).then(focusNext)
  const startPending = (round: EventRound) =>
    startWith(
      round,
      (call) => run(call, () => t('console.said.roundStarted', { number: round.roundNumber })),
      focusNext,
    )
  const askToEndRound = (round: EventRound) =>
    confirm.ask({
      text: t('rounds.confirmEnd', {
        number: round.roundNumber,
        time: formatClock(roundTimeLeft(round, now)),
      }),
      confirmLabel: t('rounds.confirmEndButton', { number: round.roundNumber }),
      onConfirm: async () => {
        await run(
          () => endRound(event.id, round.id),
          () => t('console.said.roundEnded', { number: round.roundNumber }),
        )
        return focusNext
      },
    })
  // Another question at once: no confirmation (undoing is not needed); the new one is said.
  const skip = (round: EventRound) =>
    void run(
      () => skipQuestion(event.id, round.id),
      ({ question }) =>
        t('console.said.questionSkipped', {
          question: questionText(question.texts, i18n.language),
        }),
    ).then(() => actions.focusSoon(SKIP))
  const askToEnd = () =>
    confirm.ask({
      text: t(running ? 'page.confirmEndRunning' : 'page.confirmEnd', {
        minutes: AFTER_EVENING_GRACE_MINUTES,
      }),
      confirmLabel: t('page.confirmEndButton'),
      onConfirm: async () => {
        await run(
          () => endEvent(event.id),
          () => t('console.said.ended'),
        )
        return focusNext
      },
    })
  // An ended evening is over: coming back to it is its own, named step that says what happens.
  const askToReopen = () =>
    confirm.ask({
      text: t('page.confirmReopen'),
      confirmLabel: t('page.confirmReopenButton'),
      onConfirm: async () => {
        await run(
          () => reopenEvent(event.id),
          () => t('console.said.reopened'),
        )
        return focusNext
      },
    })

  const endEvening: Step = { label: t('card.end'), act: askToEnd }
  const seat: Step = { label: t('console.seatRound', { number: nextNumber }), act: seatRound }
  // The evening's next step, and the one beside it.
  const [next, other] = ((): [Step, Step | null] => {
    if (status === 'inactive') return [{ label: t('card.start'), act: startEvening }, null]
    if (status === 'ended') return [{ label: t('page.reopen'), act: askToReopen }, null]
    if (!event.isKlikk) return [endEvening, null]
    const startNext = pending && {
      label: t('console.startRound', { number: pending.roundNumber }),
      act: () => startPending(pending),
    }
    if (running)
      return [
        startNext || seat,
        {
          label: t('console.endRound', { number: running.roundNumber }),
          act: () => askToEndRound(running),
        },
      ]
    if (startNext) return [startNext, endEvening]
    return played >= event.plannedRounds ? [endEvening, seat] : [seat, endEvening]
  })()
  const endShown = status === 'active' && next !== endEvening && other !== endEvening

  return (
    <section
      id={CONSOLE}
      aria-labelledby="console-heading"
      data-testid="evening-console"
      className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-ink/5 sm:p-5"
    >
      <div
        className={`rounded-2xl px-4 py-3 ${running ? 'bg-blush/50 ring-1 ring-rose/30' : 'bg-cream'}`}
      >
        <h2
          id="console-heading"
          tabIndex={-1}
          className="text-sm font-semibold text-ink-soft outline-none"
        >
          {t('console.title')}
        </h2>
        {startDue(event, now) ? (
          // Its start time has come, and she has not started it yet.
          <p className="mt-1 text-2xl font-semibold text-rose-deep">{t('status.inactive')}</p>
        ) : (
          <EventCountdown event={event} round={current} className="mt-1 text-2xl" />
        )}
      </div>

      <div className="flex flex-col gap-2">
        <p role="status" className="font-semibold text-sage-deep empty:hidden">
          {said}
        </p>
        <ActionError message={actions.errorAt('console')} />
        <Button
          id={NEXT}
          type="button"
          variant={status === 'ended' ? 'outline' : 'solid'}
          size="lg"
          className="w-full"
          {...busy(NEXT)}
          onClick={press(NEXT, next)}
        >
          {next.label}
        </Button>
        {other && (
          <Button
            id={OTHER}
            type="button"
            variant="outline"
            size="md"
            className="w-full"
            {...busy(OTHER)}
            onClick={press(OTHER, other)}
          >
            {other.label}
          </Button>
        )}
      </div>

      {running && (
        <div className="rounded-2xl bg-cream px-4 py-3" data-testid="console-question">
          <p className="text-xs font-semibold text-ink-soft">{t('console.question')}</p>
          {running.question ? (
            <p
              className="mt-1 font-display text-lg leading-snug font-semibold"
              lang={shownQuestion(running.question.texts, i18n.language)?.language}
            >
              {questionText(running.question.texts, i18n.language)}
            </p>
          ) : (
            <p className="mt-1 text-sm text-ink-soft">{t('console.noQuestion')}</p>
          )}
          {running.question && (
            <Button
              id={SKIP}
              type="button"
              variant="outline"
              size="md"
              className="mt-2"
              {...busy(SKIP)}
              onClick={() => {
                setPressed(SKIP)
                skip(running)
              }}
            >
              {t('console.skipQuestion')}
            </Button>
          )}
        </div>
      )}

      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['arrived', count('present'), ''],
            ['notYet', count('registered'), ''],
            [
              'unseated',
              unseatedCount,
              unseatedCount > 0 ? 'bg-gold-light ring-1 ring-ink/10' : '',
            ],
          ] as const
        ).map(([key, value, tone]) => (
          <div key={key} className={`rounded-2xl px-2 py-2 ${tone || 'bg-cream'}`}>
            <dt className="text-xs font-semibold text-ink-soft">{t(`console.${key}`)}</dt>
            <dd
              className="font-display text-2xl font-semibold tabular-nums"
              data-testid={`count-${key}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="grid grid-cols-2 gap-2 empty:hidden">
        {status !== 'ended' && (
          <Link
            href={`/admin/events/${event.id}/door`}
            className={`${buttonClass({ variant: 'outline', size: 'md' })} whitespace-nowrap ${status === 'active' ? '' : 'col-span-2'}`}
          >
            {t('page.door')}
          </Link>
        )}
        {/* The big screen's place: its link now, and the projector's screen link beside it. */}
        {status === 'active' && (
          <div data-slot="big-screen" className="flex flex-wrap gap-2">
            <a
              href={`/klikkscreen?eventId=${event.id}`}
              aria-label={t('card.openRoundPanel')}
              className={`${buttonClass({ variant: 'accent', size: 'md' })} flex-1 whitespace-nowrap`}
            >
              {t('console.bigScreen')}
            </a>
          </div>
        )}
      </div>

      {endShown && (
        <Button
          type="button"
          variant="quiet"
          size="md"
          className="self-start"
          {...busy('end')}
          onClick={press('end', endEvening)}
        >
          {t('card.end')}
        </Button>
      )}
      {confirm.dialog}
    </section>
  )
}
