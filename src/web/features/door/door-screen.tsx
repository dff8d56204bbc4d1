import { dateLocale } from '#shared/languages.ts'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react'
import { Link } from 'wouter'
import { CHECK_IN_UNDO_MS } from '#shared/constants.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { UserAvatar } from '#web/components/ui/user-avatar.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { LiveBadge } from '#web/components/ui/live-badge.tsx'
import { deviceStorage } from '#web/lib/doors-on-device.ts'
import {
  sendCheckIn,
  startEvening,
  undoCheckIn,
  type CheckInAnswer,
  type CheckInRequest,
  type DoorPerson,
} from './api/door-api.ts'
import { checkInQueue, flushQueue, type QueuedCheckIn } from './check-in-queue.ts'
import { useDoorManifest } from './kept-door-list.ts'
import { matchingPeople, resolveEntry } from './find-person.ts'
import { QrScanner } from './qr-scanner.tsx'
import { useDoorState } from './use-door-state.ts'
import { useInVisualViewport } from './use-in-visual-viewport.ts'

/** What the door shows after an entry: who came in, or why not. */
type Outcome =
  | { kind: 'in'; answer: CheckInAnswer; undoUntil: number }
  | { kind: 'already'; answer: CheckInAnswer }
  | { kind: 'walkIn'; message: string; retry: CheckInRequest }
  /** `untilOpen`: refused because the door was not open yet; it goes once the door opens. */
  | { kind: 'refused'; message: string; untilOpen?: boolean }
  | { kind: 'queued'; label: string; clientId: string }
  | { kind: 'undone'; name: string }
  | { kind: 'choose'; count: number }

type Target = { code: string } | { userId: string }

/** What sending the check-ins kept on the phone came to, once the network was back. */
type Synced = { sent: number; elsewhere: { name: string; time: string }[] }

/** Refusals that mean "the door is not open yet": they go by themselves once it is. */
const NOT_OPEN_CODES = new Set(['check_in_not_open', 'event_not_active'])

/** How often the door tries to send check-ins it kept while offline. */
const RETRY_QUEUE_MS = 5_000
/** Recent check-ins listed under the answer. */
const LOG_LENGTH = 8

/**
 * /admin/events/:id/door: the host (or a door helper) checks people in on a phone, one-handed.
 * One big field takes a code (typed or scanned) or part of a name; Enter checks in and focus stays
 * there. The answer fills the width: green with her table, amber when she is here already or has
 * not registered, red when nobody has the code; a check-in can be undone for 10 s. Without
 * network, check-ins wait on the phone and are sent, once, when it is back.
 */
export function DoorScreen({
  eventId,
  hostAlert = null,
  onAccessLost,
}: {
  eventId: string
  /** The host's alert that someone is in with no seat (the route gives it to admins). */
  hostAlert?: ReactNode
  /** The server refused her this door: what the phone kept for it is gone. */
  onAccessLost?: () => void
}) {
  const { t, i18n } = useTranslation('events')
  const door = useDoorState(eventId, onAccessLost)
  useDoorManifest(eventId, i18n.language)
  const now = useNow(500)
  const field = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState(false)
  const [list, setList] = useState<'notYet' | 'arrived'>('notYet')
  const [online, setOnline] = useState(() => navigator.onLine)
  const queue = useMemo(() => checkInQueue(eventId, deviceStorage()), [eventId])
  const [synced, setSynced] = useState<Synced | null>(null)
  const [waiting, setWaiting] = useState<QueuedCheckIn[]>(() => queue.items())
  const [log, setLog] = useState<{ id: string; text: string; tone: 'in' | 'other' }[]>([])
  // While the camera's picture shows, the answer lies over it (the viewfinder never moves).
  const [cameraShowing, setCameraShowing] = useState(false)
  const answerBox = useRef<HTMLDivElement>(null)
  // The answer stays above the phone's keyboard: it is what she reads next.
  useInVisualViewport(answerBox, outcome)
  const time = useMemo(
    () => new Intl.DateTimeFormat(dateLocale(i18n.language), { timeStyle: 'short' }),
    [i18n.language],
  )
  useDocumentTitle(`${t('door.title')} – ${door.state?.event.eventName ?? ''} – Lendület`)

  const people = useMemo(() => door.state?.people ?? [], [door.state])
  const running = door.state?.event.status === 'active'
  const opensAt = door.state ? Date.parse(door.state.event.checkInOpensAt) : Infinity
  const startsAt = door.state ? Date.parse(door.state.event.startTime) : Infinity
  // Open when the server says so, and from the hour before the start on this phone's clock too.
  const checkInOpen =
    !!door.state &&
    !door.state.event.endedAt &&
    (door.state.event.checkInOpen || (now >= opensAt && now < startsAt))

  // A refusal because the door was not open yet goes by itself once it is.
  const answerShown =
    checkInOpen && outcome?.kind === 'refused' && outcome.untilOpen ? null : outcome

  const note = useCallback((id: string, entry: string, tone: 'in' | 'other') => {
    setLog((current) => [{ id, text: entry, tone }, ...current].slice(0, LOG_LENGTH))
  }, [])

  /** The answer's words for the log and the live region. */
  const describe = useCallback(
    (answer: CheckInAnswer) =>
      answer.result === 'checked_in'
        ? t('door.log.in', { name: answer.person.label })
        : t('door.log.already', {
            name: answer.person.label,
            time: time.format(new Date(answer.checkedInAt)),
          }),
    [t, time],
  )

  const send = useCallback(
    async (
      request: CheckInRequest,
      label: string,
      /** Sent from the phone's queue: the log says it, the answer card stays hers. */
      fromQueue = false,
    ): Promise<'answered' | 'refused' | 'unreachable' | CheckInAnswer> => {
      const result = await sendCheckIn(eventId, request)
      if (!result.ok && result.status === 0) return 'unreachable'
      if (result.ok && fromQueue) {
        note(request.clientId, describe(result.data), 'in')
        return result.data
      }
      if (!result.ok && fromQueue) {
        note(request.clientId, `${label}: ${result.message || t('door.failed')}`, 'other')
        return 'refused'
      }
      if (result.ok) {
        note(request.clientId, describe(result.data), 'in')
        if (result.data.result === 'checked_in')
          setOutcome({ kind: 'in', answer: result.data, undoUntil: Date.now() + CHECK_IN_UNDO_MS })
        else setOutcome({ kind: 'already', answer: result.data })
        return 'answered'
      }
      if (result.code === 'not_registered') {
        setOutcome({ kind: 'walkIn', message: result.message, retry: { ...request, walkIn: true } })
        note(request.clientId, result.message, 'other')
        return 'answered'
      }
      const message = result.message || t('door.failed')
      setOutcome({ kind: 'refused', message, untilOpen: NOT_OPEN_CODES.has(result.code) })
      note(request.clientId, `${label}: ${message}`, 'other')
      return 'refused'
    },
    [eventId, describe, note, t],
  )

  /** Checks in now, or keeps it on the phone when there is no network. */
  const checkIn = useCallback(
    async (target: Target, label: string, walkIn = false) => {
      const request: CheckInRequest = { clientId: crypto.randomUUID(), walkIn, ...target }
      const keep = () => {
        // Let in on this phone already, not sent yet: the same answer, and still once.
        const earlier = queue
          .items()
          .find((item) =>
            'userId' in target
              ? 'userId' in item && item.userId === target.userId
              : 'code' in item && item.code === target.code,
          )
        if (earlier) {
          setOutcome({ kind: 'queued', label: earlier.label, clientId: earlier.clientId })
          return
        }
        const item = { ...request, scannedAt: new Date().toISOString(), label }
        setSynced(null)
        queue.add(item)
        setWaiting(queue.items())
        setOutcome({ kind: 'queued', label, clientId: request.clientId })
      }
      setBusy(true)
      try {
        if (!navigator.onLine) {
          keep()
          return 'answered'
        }
        const sent = await send(request, label)
        if (sent === 'unreachable') keep()
        return sent === 'refused' ? 'refused' : 'answered'
      } finally {
        setBusy(false)
      }
    },
    [queue, send],
  )

  // One round of sending at a time, whatever re-renders: two would send the queue twice over.
  const sending = useRef(false)
  const latest = useRef({ send, time, reload: door.reload })
  useEffect(() => {
    latest.current = { send, time, reload: door.reload }
  })
  // Check-ins kept while offline go out, in order and once, when the network is back.
  useEffect(() => {
    const flush = async () => {
      if (sending.current || queue.items().length === 0 || !navigator.onLine) return
      sending.current = true
      const { send, time, reload } = latest.current
      const done: Synced = { sent: 0, elsewhere: [] }
      try {
        await flushQueue(queue, async (item) => {
          const { label, ...request } = item
          const sent = await send(request, label, true)
          // A refusal is an answer too: the queue is done with it.
          if (sent === 'unreachable') return 'unreachable'
          done.sent++
          // Another phone (or the host) let her in first: one check-in, hers, and the door says so.
          if (typeof sent === 'object' && sent.result === 'already_present')
            done.elsewhere.push({
              name: sent.person.label,
              time: time.format(new Date(sent.checkedInAt)),
            })
          return 'answered'
        })
      } finally {
        if (done.sent > 0) {
          setSynced(done)
          // Who is here now, as the server counts it after all of them.
          void reload()
        }
        setWaiting(queue.items())
        sending.current = false
      }
    }
    const goOnline = () => {
      setOnline(true)
      void flush()
    }
    const goOffline = () => setOnline(false)
    window.addEventListener('online', goOnline)
    window.addEventListener('offline', goOffline)
    const timer = window.setInterval(() => void flush(), RETRY_QUEUE_MS)
    void flush()
    return () => {
      window.removeEventListener('online', goOnline)
      window.removeEventListener('offline', goOffline)
      window.clearInterval(timer)
    }
  }, [queue])

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    const entry = resolveEntry(people, text)
    if (entry.kind === 'choose') {
      setOutcome({ kind: 'choose', count: entry.matches.length })
      return
    }
    if (entry.kind === 'none') {
      if (text.trim() !== '')
        setOutcome({ kind: 'refused', message: t('door.noMatch', { text: text.trim() }) })
      field.current?.select()
      return
    }
    const sent =
      entry.kind === 'person'
        ? await checkIn({ userId: entry.person.userId }, entry.person.label)
        : await checkIn({ code: entry.code }, entry.code)
    // A refusal keeps what she typed, selected: she corrects it, or types over it.
    if (sent === 'refused') {
      field.current?.focus()
      field.current?.select()
      return
    }
    setText('')
    field.current?.focus()
  }

  async function checkInFromList(person: DoorPerson) {
    await checkIn({ userId: person.userId }, person.label)
    setText('')
    field.current?.focus()
  }

  async function undo() {
    if (outcome?.kind === 'in' && outcome.answer.checkInId) {
      const { answer } = outcome
      const result = await undoCheckIn(eventId, answer.checkInId ?? '')
      if (result.ok) {
        setOutcome({ kind: 'undone', name: answer.person.label })
        note(
          `undo-${answer.checkInId}`,
          t('door.log.undone', { name: answer.person.label }),
          'other',
        )
      } else setOutcome({ kind: 'refused', message: result.message || t('door.failed') })
    }
    if (outcome?.kind === 'queued') {
      queue.remove(outcome.clientId)
      setWaiting(queue.items())
      setOutcome({ kind: 'undone', name: outcome.label })
    }
    field.current?.focus()
  }

  if (door.refusal !== null && !door.state)
    return (
      <main id="main" className="mx-auto max-w-xl px-5 py-12">
        <Alert tone="error">{door.refusal || t('door.loadFailed')}</Alert>
        <p className="mt-6">
          <Link href="/events" className="font-semibold text-rose-deep underline">
            {t('door.backHelper')}
          </Link>
        </p>
      </main>
    )
  if (!door.state) return <PageSpinner />

  const { state } = door
  const shown = text.trim() === '' ? people : matchingPeople(people, text)
  const notYet = shown.filter((p) => p.status === 'registered')
  const arrived = shown.filter((p) => p.status !== 'registered')
  const choosing = text.trim() !== '' && outcome?.kind === 'choose'
  const rows = choosing ? shown : list === 'notYet' ? notYet : arrived
  const queuedIds = new Set(waiting.flatMap((item) => ('userId' in item ? [item.userId] : [])))
  const answerRegion = (
    <div ref={answerBox} aria-live="polite" aria-atomic="true" data-testid="door-answer">
      {answerShown && answerShown.kind !== 'choose' && (
        <Answer
          outcome={answerShown}
          compact={cameraShowing}
          now={now}
          time={time}
          onUndo={undo}
          onWalkIn={async (target, label, walkIn) => {
            // The button she pressed goes with the answer: back to the field.
            await checkIn(target, label, walkIn)
            field.current?.focus()
          }}
        />
      )}
      {answerShown?.kind === 'choose' && (
        <p className="rounded-2xl bg-sand px-5 py-4 text-lg font-semibold">
          {t('door.choose', { count: answerShown.count })}
        </p>
      )}
    </div>
  )

  return (
    <main
      id="main"
      className="mx-auto flex max-w-3xl flex-col gap-5 px-4 pt-4 pb-16 sm:px-8 sm:pt-8"
    >
      <div className="flex items-center justify-between gap-3">
        <Link
          href={state.canManage ? `/admin/events/${eventId}` : '/events'}
          className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-rose-deep underline-offset-4 hover:underline"
        >
          ← {state.canManage ? t('door.back') : t('door.backHelper')}
        </Link>
        <LiveBadge live={door.live && online} />
      </div>
      {hostAlert}
      <header>
        <p className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
          {t('door.title')}
        </p>
        <h1
          lang={state.event.textLanguages.eventName}
          className="font-display text-3xl font-semibold tracking-tight sm:text-4xl"
        >
          {state.event.eventName}
        </h1>
      </header>

      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="door-entry" className="font-semibold">
          {t('door.field')}
        </label>
        <div className="flex gap-2">
          <input
            id="door-entry"
            ref={field}
            // The door's one job: the field is ready the moment the screen opens.
            autoFocus
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              // She has started on the next one: the last answer has been read.
              if (outcome) setOutcome(null)
            }}
            aria-describedby="door-entry-hint"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="go"
            className="h-16 min-w-0 flex-1 rounded-2xl border-2 border-ink/20 bg-white px-4 text-2xl tracking-wide outline-none focus:border-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-deep"
          />
          <Button type="submit" variant="solid" className="h-16 shrink-0 px-6" pending={busy}>
            {t('door.submit')}
          </Button>
        </div>
        <p id="door-entry-hint" className="text-sm text-ink-soft">
          {t('door.fieldHint')}
        </p>
      </form>

      {!running && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-2xl bg-sand px-4 py-3"
          data-testid="door-opening"
        >
          <p className="font-semibold">
            {state.event.endedAt
              ? t('door.ended')
              : t(checkInOpen ? 'door.notStarted' : 'door.opensAt', {
                  time: time.format(new Date(checkInOpen ? startsAt : opensAt)),
                })}
          </p>
          {state.canManage && !state.event.endedAt && (
            <Button
              variant="solid"
              size="sm"
              onClick={async () => {
                const result = await startEvening(eventId)
                if (!result.ok) {
                  setOutcome({ kind: 'refused', message: result.message })
                  await door.reload()
                }
                field.current?.focus()
              }}
            >
              {t('door.startEvent')}
            </Button>
          )}
        </div>
      )}

      {!online && <Alert tone="info">{t('door.offline')}</Alert>}
      {door.savedAt !== null && (
        <p className="text-sm text-ink-soft" data-testid="door-kept-list">
          {t('door.keptList', { time: time.format(new Date(door.savedAt)) })}
        </p>
      )}

      {!cameraShowing && answerRegion}

      <dl className="grid grid-cols-3 gap-2 text-center" data-testid="door-counts">
        {(['registered', 'arrived', 'notYet'] as const).map((key) => (
          <div key={key} className="rounded-2xl bg-white px-2 py-3 ring-1 ring-ink/5">
            <dt className="text-xs font-semibold text-ink-soft sm:text-sm">
              {t(`door.counts.${key}`)}
            </dt>
            <dd className="font-display text-3xl font-semibold tabular-nums">
              {state.counts[key]}
            </dd>
          </div>
        ))}
      </dl>

      <QrScanner
        onCode={(code) => void checkIn({ code }, code)}
        overlay={answerRegion}
        onShowing={setCameraShowing}
      />

      {synced && waiting.length === 0 && (
        <section
          aria-labelledby="door-synced"
          role="status"
          className="rounded-2xl bg-sage/20 p-4"
          data-testid="door-synced"
        >
          <h2 id="door-synced" className="font-semibold">
            {t('door.synced', { count: synced.sent })}
          </h2>
          {synced.elsewhere.length > 0 && (
            <ul className="mt-2 text-sm">
              {synced.elsewhere.map((person) => (
                <li key={person.name}>{t('door.checkedInElsewhere', person)}</li>
              ))}
            </ul>
          )}
        </section>
      )}

      {waiting.length > 0 && (
        <section aria-labelledby="door-waiting" className="rounded-2xl bg-gold-light/40 p-4">
          <h2 id="door-waiting" className="font-semibold">
            {t('door.waiting', { count: waiting.length })}
          </h2>
          <ul className="mt-2 text-sm">
            {waiting.map((item) => (
              <li key={item.clientId}>
                {t('door.waitingItem', {
                  name: item.label,
                  time: time.format(new Date(item.scannedAt)),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section
        aria-labelledby="door-list"
        className="rounded-3xl bg-white p-4 ring-1 ring-ink/5 sm:p-6"
      >
        <h2 id="door-list" className="sr-only">
          {t('door.listTitle')}
        </h2>
        {choosing ? (
          <p className="mb-3 font-semibold">{t('door.chooseHint')}</p>
        ) : (
          <SegmentedChoice
            legend={t('door.listTitle')}
            value={list}
            onChange={setList}
            options={[
              { value: 'notYet', label: t('door.tabs.notYet', { count: notYet.length }) },
              { value: 'arrived', label: t('door.tabs.arrived', { count: arrived.length }) },
            ]}
            className="mb-3"
          />
        )}
        {rows.length === 0 ? (
          <p className="py-4 text-ink-soft">
            {text.trim() !== ''
              ? t('door.list.noResults')
              : list === 'notYet'
                ? t('door.list.everyoneHere')
                : t('door.list.nobodyYet')}
          </p>
        ) : (
          <ul className="divide-y divide-ink/5" data-testid="door-people">
            {rows.map((person) => (
              <li key={person.userId} className="flex items-center gap-3 py-2.5">
                <UserAvatar avatarUrl={person.avatarUrl} name={person.name} size="medium" />
                <div className="min-w-0 flex-1">
                  {/* A long name wraps rather than lose its given name. */}
                  <p className="font-semibold break-words">{person.label}</p>
                  <p className="text-sm text-ink-soft">
                    <span className="font-mono tracking-wider">{person.userCode}</span>
                    {person.status !== 'registered' && (
                      <>
                        {' · '}
                        {person.status === 'absent'
                          ? t('participants.statuses.absent')
                          : t('door.list.since', {
                              time: person.checkedInAt
                                ? time.format(new Date(person.checkedInAt))
                                : '',
                            })}
                        {person.tableName && ` · ${t('door.table', { table: person.tableName })}`}
                      </>
                    )}
                  </p>
                </div>
                {queuedIds.has(person.userId) ? (
                  <span className="rounded-full bg-gold-light px-3 py-1 text-sm font-semibold">
                    {t('door.list.waiting')}
                  </span>
                ) : (
                  person.status !== 'present' &&
                  checkInOpen && (
                    <Button
                      variant="secondary"
                      size="md"
                      aria-label={t('door.list.checkInLabel', { name: person.label })}
                      onClick={() => void checkInFromList(person)}
                    >
                      {t('door.list.checkIn')}
                    </Button>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {log.length > 0 && (
        <section aria-labelledby="door-log">
          <h2 id="door-log" className="text-sm font-semibold text-ink-soft">
            {t('door.log.title')}
          </h2>
          <ul className="mt-1 text-sm text-ink-soft">
            {log.map((entry, index) => (
              <li key={`${entry.id}-${index}`}>{entry.text}</li>
            ))}
          </ul>
        </section>
      )}
    </main>
  )
}

/** The answer to the last entry, full width: green, amber or red, with undo or "let in anyway". */
function Answer({
  outcome,
  compact,
  now,
  time,
  onUndo,
  onWalkIn,
}: {
  outcome: Exclude<Outcome, { kind: 'choose' }>
  /** Over the camera's picture: smaller, without the photo. */
  compact: boolean
  now: number
  time: Intl.DateTimeFormat
  onUndo: () => Promise<void>
  onWalkIn: (target: Target, label: string, walkIn: boolean) => Promise<void>
}) {
  const { t } = useTranslation('events')
  if (outcome.kind === 'in' || outcome.kind === 'already') {
    const { answer } = outcome
    // In with no seat is not a plain "in": amber, and what the helper can do about it.
    const green = outcome.kind === 'in' && !answer.unseated
    const undoable = outcome.kind === 'in'
    const seat = answer.seats.find((s) => s.started) ?? answer.seats[0]
    // `now` ticks twice a second and may be from before the answer came: never more than the window.
    const secondsLeft = undoable
      ? Math.min(CHECK_IN_UNDO_MS / 1000, Math.ceil((outcome.undoUntil - now) / 1000))
      : 0
    return (
      <div
        className={`flex flex-col rounded-3xl sm:flex-row sm:items-center ${compact ? 'gap-2 p-4 shadow-lg' : 'gap-4 p-5'} ${green ? 'surface-dark bg-sage-deep text-cream' : 'bg-gold-light text-ink'}`}
        data-tone={green ? 'green' : 'amber'}
      >
        {!compact && (
          <UserAvatar avatarUrl={answer.person.avatarUrl} name={answer.person.name} size="large" />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold tracking-wide uppercase opacity-90">
            {outcome.kind === 'already'
              ? t('door.answer.already', { time: time.format(new Date(answer.checkedInAt)) })
              : answer.unseated
                ? t('door.answer.unseated')
                : t('door.answer.in')}
          </p>
          <p
            className={`font-display font-semibold break-words ${compact ? 'text-2xl' : 'text-3xl'}`}
          >
            {answer.person.label}
          </p>
          {answer.unseated ? (
            <p className={`mt-1 font-semibold ${compact ? 'text-base' : 'text-lg'}`}>
              {answer.noFreeSeat ? t('door.answer.unseatedFull') : t('door.answer.unseatedManual')}
            </p>
          ) : seat ? (
            <p className={`mt-1 font-semibold ${compact ? 'text-xl' : 'text-2xl'}`}>
              {seat.started
                ? t('door.table', { table: seat.tableName })
                : t('door.nextRoundTable', { number: seat.roundNumber, table: seat.tableName })}
            </p>
          ) : null}
        </div>
        {undoable && secondsLeft > 0 && (
          <Button
            variant="secondary"
            size="md"
            className="self-start sm:self-center"
            aria-label={t('door.undoLabel', { name: answer.person.label })}
            onClick={() => void onUndo()}
          >
            {t('door.undo', { seconds: secondsLeft })}
          </Button>
        )}
      </div>
    )
  }
  if (outcome.kind === 'walkIn') {
    const { retry } = outcome
    const target: Target = 'code' in retry ? { code: retry.code } : { userId: retry.userId }
    return (
      <div className="flex flex-col gap-3 rounded-3xl bg-gold-light p-5" data-tone="amber">
        <p className="text-xl font-semibold">{outcome.message}</p>
        <Button
          variant="solid"
          size="md"
          className="self-start"
          onClick={() => void onWalkIn(target, 'code' in retry ? retry.code : '', true)}
        >
          {t('door.answer.walkIn')}
        </Button>
      </div>
    )
  }
  if (outcome.kind === 'refused')
    return (
      <div
        role="alert"
        className="surface-dark rounded-3xl bg-rose-deep p-5 text-white"
        data-tone="red"
      >
        <p className="text-sm font-semibold tracking-wide uppercase">{t('door.answer.refused')}</p>
        <p className="mt-1 text-xl font-semibold">{outcome.message}</p>
      </div>
    )
  if (outcome.kind === 'queued')
    return (
      <div className="surface-dark flex flex-col gap-3 rounded-3xl bg-ink p-5 text-cream sm:flex-row sm:items-center">
        <p className="flex-1 text-lg font-semibold">
          {t('door.answer.queued', { name: outcome.label })}
        </p>
        <Button variant="secondary" size="md" className="self-start" onClick={() => void onUndo()}>
          {t('door.answer.dropQueued')}
        </Button>
      </div>
    )
  return (
    <p className="rounded-3xl bg-sand px-5 py-4 text-lg font-semibold">
      {t('door.answer.undone', { name: outcome.name })}
    </p>
  )
}
