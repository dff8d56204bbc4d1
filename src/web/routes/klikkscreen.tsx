import { eventText } from '#shared/event-texts.ts'
import type { ReactNode } from 'react'
import { useSearch } from 'wouter'
import { formatClock, roundEnd, roundTimeLeft } from '#shared/countdown.ts'
import { closingShown, type LiveState } from '#shared/live-state.ts'
import { BrandMark } from '../components/layout/brand-mark.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { useCountdownNow } from '../lib/use-now.ts'
import { EveningClosingScreen } from '../features/live/evening-closing-screen.tsx'
import { LiveBadge } from '#web/components/ui/live-badge.tsx'
import { useLiveEvent, type LiveView } from '../features/live/use-live-event.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { usePrefersReducedMotion } from '../lib/use-media-query.ts'
import { RoundQuestion } from '../features/live/round-question.tsx'
import { TableBoard } from '../features/live/table-board.tsx'
import { useTranslation } from '../lib/use-translation.ts'

/** /klikkscreen?eventId=…: the big screen of a klikk evening (any signed-in user, SPEC). */
export default function KlikkscreenPage() {
  return (
    <RequireRole allow="signed-in">
      <Klikkscreen />
    </RequireRole>
  )
}

/** A looping, muted background; a still for those who prefer less motion. */
export function Background() {
  const still = usePrefersReducedMotion()
  return (
    <div aria-hidden="true" className="fixed inset-0 -z-10 bg-cream">
      {still ? (
        <img src="/klikkscreen/poster.webp" alt="" className="size-full object-cover" />
      ) : (
        <video
          className="size-full object-cover"
          autoPlay
          muted
          loop
          playsInline
          poster="/klikkscreen/poster.webp"
        >
          <source src="/klikkscreen/background.webm" type="video/webm" />
          <source src="/klikkscreen/background.mp4" type="video/mp4" />
        </video>
      )}
      {/* The loop is light and soft; a faint veil keeps it calm behind the text. */}
      <div className="absolute inset-0 bg-cream/25" />
    </div>
  )
}

export function Panel({
  title,
  text,
  children,
}: {
  title: string
  text?: string
  children?: ReactNode
}) {
  return (
    <div className="mx-auto my-auto max-w-3xl rounded-[2.5rem] bg-white/75 px-8 py-12 text-center shadow-xl shadow-rose/10 ring-1 ring-white/60 backdrop-blur-md sm:px-14">
      <h1 className="font-display text-4xl font-semibold tracking-tight text-ink sm:text-6xl">
        {title}
      </h1>
      {text && <p className="mt-5 text-xl text-ink-soft sm:text-2xl">{text}</p>}
      {children}
    </div>
  )
}

function Klikkscreen() {
  const search = useSearch()
  const eventId = new URLSearchParams(search).get('eventId')
  return <BigScreen {...useLiveEvent(eventId)} />
}

/** The big screen of what `view` holds: /klikkscreen's, and a screen link's (routes/screen.tsx). */
export function BigScreen({
  view,
  live,
  byLink = false,
}: {
  view: LiveView
  live: boolean
  /** Opened by a screen link: an unknown one is the link's fault, not the event's. */
  byLink?: boolean
}) {
  const { t, i18n } = useTranslation('events')
  const ready = view.status === 'ready' ? view : null
  const round = ready?.state.round
  const now = useCountdownNow(ready?.offset ?? 0, round ? roundEnd(round) : null)
  // The screen's own language (the host's choice on this machine), or the Hungarian name.
  const name =
    view.status === 'ready' ? eventText(view.state.event, 'eventName', i18n.language) : null
  useDocumentTitle(name ? `${name.text} – Klikk` : `${t('klikkscreen.title')} – Lendület`)

  let body: ReactNode
  if (view.status === 'loading') body = <PageSpinner />
  else if (view.status === 'no-active-event' || view.status === 'error')
    body = <Panel title={t('klikkscreen.noActiveTitle')} text={t('klikkscreen.noActiveText')} />
  else if (view.status === 'gone')
    body = (
      <Panel
        title={t(view.reason === 'ended' ? 'screen.endedTitle' : 'screen.revokedTitle')}
        text={t(view.reason === 'ended' ? 'screen.endedText' : 'screen.revokedText')}
      />
    )
  else if (view.status === 'not-found')
    body = byLink ? (
      <Panel title={t('screen.unknownTitle')} text={t('screen.unknownText')}>
        <ScreenCodeLink />
      </Panel>
    ) : (
      <Panel title={t('klikkscreen.notFoundTitle')} text={t('klikkscreen.notFoundText')} />
    )
  else body = <EventView state={view.state} now={now} />

  return (
    <div className="flex h-dvh flex-col px-5 py-5 text-ink sm:px-10 sm:py-8">
      <Background />
      <header className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <BrandMark className="size-10 sm:size-12" />
          <p className="font-display text-xl font-semibold sm:text-3xl">
            {name ? <span lang={name.language}>{name.text}</span> : 'Lendület'}
          </p>
        </div>
        {/* Live only while the evening runs: its closing is not waiting for anything. */}
        {ready?.state.event.status === 'active' && <LiveBadge live={live} />}
      </header>
      <main className="flex min-h-0 flex-1 flex-col overflow-y-auto py-[2.5vh]">{body}</main>
    </div>
  )
}

/** The way to the code page, from a screen link that does not work. */
function ScreenCodeLink() {
  const { t } = useTranslation('events')
  return (
    <a href="/screen" className={`mt-8 ${buttonClass({ variant: 'solid', size: 'md' })}`}>
      {t('screen.enterCode')}
    </a>
  )
}

function EventView({ state, now }: { state: LiveState; now: number }) {
  const { t } = useTranslation('events')
  const { event, round } = state
  if (closingShown(state, now)) return <EveningClosingScreen state={state} />
  if (event.status !== 'active')
    return event.endedAt ? (
      <Panel title={t('klikkscreen.noActiveTitle')} text={t('klikkscreen.noActiveText')} />
    ) : (
      <Panel title={t('klikkscreen.notRunningTitle')} text={t('klikkscreen.notRunningText')} />
    )
  if (!round)
    return <Panel title={t('klikkscreen.eventActive')} text={t('klikkscreen.waitingForRound')} />

  const left = roundTimeLeft(round, now)
  const running = left > 0
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-[3vh]">
      <div className="flex flex-col items-center text-center">
        <p className="font-display text-[clamp(1.875rem,4.5vh,6rem)] leading-tight font-semibold">
          {t('klikkscreen.round', { number: round.roundNumber })}
        </p>
        {running ? (
          <p
            className="mt-[1vh] font-display text-[clamp(4rem,min(14vh,16vw),20rem)] leading-none font-semibold text-rose-deep tabular-nums"
            aria-label={`${t('klikkscreen.timeLeft')}: ${formatClock(left)}`}
            data-testid="klikkscreen-countdown"
          >
            {formatClock(left)}
          </p>
        ) : (
          <div className="mt-4">
            <p
              className="font-display text-5xl font-semibold sm:text-7xl"
              data-testid="klikkscreen-countdown"
            >
              {t('klikkscreen.roundEnded')}
            </p>
            <p className="mt-3 text-xl text-ink-soft sm:text-2xl">{t('klikkscreen.nextSoon')}</p>
          </div>
        )}
      </div>
      {running && <RoundQuestion question={round.question} variant="screen" />}
      <TableBoard tables={state.tables} />
    </div>
  )
}
