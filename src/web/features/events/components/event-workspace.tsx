import { dateLocale } from '#shared/languages.ts'
import { useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { roundState } from '#shared/countdown.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { useApiData } from '#web/lib/use-api-data.ts'
import { useChanges } from '#web/lib/use-changes.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  deleteEvent,
  endEvent,
  fetchEvent,
  reopenEvent,
  startEvent,
  type EventDetail,
} from '../api/admin-events-api.ts'
import { useConfirm } from '../use-confirm.tsx'
import { useEventActions } from '../use-event-actions.ts'
import { useParticipantLabels } from '../use-participant-labels.ts'
import { ActionError } from './action-error.tsx'
import { EventCountdown } from './event-countdown.tsx'
import { EventEditor } from './event-editor.tsx'
import { EventTextLanguages } from './event-text-languages.tsx'
import { eventStatus, EventStatusBadge } from './event-status-badge.tsx'
import { DoorHelpersPanel } from './door-helpers-panel.tsx'
import { KeepApartPanel } from './keep-apart-panel.tsx'
import { ParticipantsPanel } from './participants-panel.tsx'
import { RoundsPanel } from './rounds-panel.tsx'
import { TablesPanel } from './tables-panel.tsx'
import { ScreenLinkPanel } from './screen-link-panel.tsx'

const noParticipants: EventDetail['participants'] = []

/** /admin/events/:id: one admin runs a mixer evening from here. */
export function EventWorkspace({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('events')
  const [, navigate] = useLocation()
  const loaded = useApiData(() => fetchEvent(eventId), eventId)
  const detail: EventDetail | null = loaded.data
  const loadError = loaded.error
  // Deleting the event failed: the server's message, '' when it gave none.
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [editing, setEditing] = useState(false)
  const confirmDelete = useRef<HTMLDialogElement>(null)
  useDocumentTitle(`${detail?.event.eventName ?? t('list.title')} – Lendület`)

  const { reload } = loaded
  // The evening changes from elsewhere too (the door's check-ins, a seat added from the alert):
  // the page follows without a reload.
  useChanges('/api/admin/events/live', () => void reload())
  const actions = useEventActions(reload)
  const people = useParticipantLabels(detail?.participants ?? noParticipants)
  const confirm = useConfirm()

  if (loadError && !detail)
    return (
      <div className="mx-auto max-w-3xl px-5 py-12">
        <Alert tone="error">{loadError || t('list.loadFailed')}</Alert>
      </div>
    )
  if (!detail) return <PageSpinner />

  const { event } = detail
  const status = eventStatus(event)
  const when = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(event.startTime))
  const current = [...detail.rounds].reverse().find((round) => round.started) ?? null

  async function start() {
    const result = await actions.run('header', () => startEvent(event.id))
    if (!result.ok) return
    // On to the evening's next step: start the seated round, or add one.
    const pending = detail?.rounds.find((round) => !round.started)
    actions.focusSoon(
      ...(pending ? [`round-${pending.id}-start`] : []),
      'add-round',
      'event-heading',
    )
  }

  function askToEnd() {
    confirm.ask({
      text: t(
        current && roundState(current, Date.now()) === 'running'
          ? 'page.confirmEndRunning'
          : 'page.confirmEnd',
      ),
      confirmLabel: t('page.confirmEndButton'),
      onConfirm: async () => {
        const result = await actions.run('header', () => endEvent(event.id))
        if (result.ok) return () => actions.focusSoon('event-heading')
      },
    })
  }

  // An ended evening is over: coming back to it is its own, named step that says what happens.
  function askToReopen() {
    confirm.ask({
      text: t('page.confirmReopen'),
      confirmLabel: t('page.confirmReopenButton'),
      onConfirm: async () => {
        const result = await actions.run('header', () => reopenEvent(event.id))
        if (result.ok) return () => actions.focusSoon('add-round', 'event-heading')
        return () => actions.focusSoon('reopen-event', 'event-heading')
      },
    })
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-10 sm:px-8">
      <BackLink href="/admin">{t('page.back')}</BackLink>
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex items-start gap-4">
          {event.imageUrl && (
            <img
              src={event.imageUrl}
              alt=""
              className="hidden aspect-video w-40 rounded-2xl object-cover ring-1 ring-ink/10 sm:block"
            />
          )}
          <div>
            <EventStatusBadge status={status} />
            <h1
              id="event-heading"
              tabIndex={-1}
              className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl"
            >
              {event.eventName}
            </h1>
            <p className="mt-1 text-ink-soft">
              {t('page.when', { date: when, duration: event.duration })}
              {event.placeName && ` · ${event.placeName}`}
            </p>
            <EventCountdown event={event} round={current} />
            <EventTextLanguages event={event} />
          </div>
        </div>
        <div className="flex flex-col gap-3 md:items-end">
          <div className="flex flex-wrap gap-2 md:justify-end">
            <Link
              href={`/admin/events/${event.id}/door`}
              className={buttonClass({ variant: 'outline', size: 'md' })}
            >
              {t('page.door')}
            </Link>
            {status === 'active' ? (
              <>
                <a
                  href={`/klikkscreen?eventId=${event.id}`}
                  className={buttonClass({ variant: 'accent', size: 'md' })}
                >
                  {t('card.openRoundPanel')}
                </a>
                <Button type="button" variant="outline" size="md" onClick={askToEnd}>
                  {t('card.end')}
                </Button>
              </>
            ) : status === 'ended' ? (
              <Button
                id="reopen-event"
                type="button"
                variant="outline"
                size="md"
                onClick={askToReopen}
              >
                {t('page.reopen')}
              </Button>
            ) : (
              <Button type="button" variant="solid" size="md" onClick={() => void start()}>
                {t('card.start')}
              </Button>
            )}
            <Button type="button" variant="outline" size="md" onClick={() => setEditing(!editing)}>
              {editing ? t('page.closeEditor') : t('page.edit')}
            </Button>
          </div>
          <ActionError message={actions.errorAt('header')} className="md:max-w-md" />
        </div>
      </header>
      {confirm.dialog}
      {/* Beside "Open the big screen": the projector's way in without her password. */}
      {event.isKlikk && status !== 'ended' && <ScreenLinkPanel eventId={event.id} />}

      {editing && (
        <section
          aria-labelledby="editor-heading"
          className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-7"
        >
          <h2 id="editor-heading" className="mb-5 font-display text-2xl font-semibold">
            {t('editor.editTitle')}
          </h2>
          <EventEditor
            existing={{ ...event, startTime: event.startTime }}
            onSaved={() => {
              setEditing(false)
              void reload()
            }}
            onCancel={() => setEditing(false)}
          />
          {status !== 'active' && (
            <div className="mt-6 border-t border-ink/10 pt-5">
              <Button
                type="button"
                variant="quiet"
                size="sm"
                onClick={() => {
                  setDeleteError(null)
                  confirmDelete.current?.showModal()
                }}
              >
                {t('editor.delete')}
              </Button>
              <ActionError message={deleteError} className="mt-3" />
            </div>
          )}
          <dialog
            ref={confirmDelete}
            aria-labelledby="confirm-delete-text"
            className="m-auto w-[min(28rem,calc(100%-2.5rem))] rounded-3xl bg-white p-7 shadow-2xl backdrop:bg-ink/40"
          >
            <p id="confirm-delete-text" className="text-lg">
              {t('editor.confirmDelete', { name: event.eventName })}
            </p>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button
                type="button"
                variant="outline"
                size="md"
                onClick={() => confirmDelete.current?.close()}
              >
                {t('editor.cancel')}
              </Button>
              <Button
                type="button"
                variant="solid"
                size="md"
                onClick={async () => {
                  confirmDelete.current?.close()
                  const result = await deleteEvent(event.id)
                  if (result.ok) navigate('/admin')
                  else setDeleteError(result.message)
                }}
              >
                {t('editor.delete')}
              </Button>
            </div>
          </dialog>
        </section>
      )}

      {event.isKlikk && <RoundsPanel detail={detail} people={people} actions={actions} />}
      <ParticipantsPanel detail={detail} people={people} actions={actions} />
      {event.isKlikk && <KeepApartPanel detail={detail} people={people} actions={actions} />}
      {event.isKlikk && <TablesPanel detail={detail} actions={actions} />}
      <DoorHelpersPanel eventId={event.id} />
    </div>
  )
}
