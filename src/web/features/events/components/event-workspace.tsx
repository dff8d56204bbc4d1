import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { useRefreshOnChanges } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { deleteEvent, eventDetailQuery, type EventDetail } from '../api/admin-events-api.ts'
import { useEventActions } from '../use-event-actions.ts'
import { useParticipantLabels } from '../use-participant-labels.ts'
import { ActionError } from './action-error.tsx'
import { EveningConsole } from './evening-console.tsx'
import { EventEditor } from './event-editor.tsx'
import { EventTextLanguages } from './event-text-languages.tsx'
import { eventStatus, EventStatusBadge } from './event-status-badge.tsx'
import { DoorHelpersPanel } from './door-helpers-panel.tsx'
import { KeepApartPanel } from './keep-apart-panel.tsx'
import { NoShowsPanel } from './no-shows-panel.tsx'
import { ParticipantsPanel } from './participants-panel.tsx'
import { RoundsPanel } from './rounds-panel.tsx'
import { TablesPanel } from './tables-panel.tsx'
import { ScreenLinkPanel } from './screen-link-panel.tsx'
import { eveningTime } from '#web/lib/evening-time.ts'

const noParticipants: EventDetail['participants'] = []

/**
 * /admin/events/:id: one admin runs a mixer evening from here. The console comes first (beside
 * the rounds' board from a laptop up); the set-up folds away during the evening.
 */
export function EventWorkspace({
  eventId,
  unseatedCount,
}: {
  eventId: string
  /** How many are in with no seat (the alert's list, which the page above reads). */
  unseatedCount: number
}) {
  const { t, i18n } = useTranslation('events')
  const [, navigate] = useLocation()
  const loaded = useQuery(eventDetailQuery(eventId))
  const detail: EventDetail | undefined = loaded.data
  const loadError = loaded.error?.message ?? null
  // Deleting the event failed: the server's message, '' when it gave none.
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [editing, setEditing] = useState(false)
  // Whether she opened or folded the set-up herself (null: the evening's state decides).
  const [setupChoice, setSetupChoice] = useState<boolean | null>(null)
  const confirmDelete = useRef<HTMLDialogElement>(null)
  useDocumentTitle(`${detail?.event.eventName ?? t('list.title')} – Lendület`)

  // The evening changes from elsewhere too (the door's check-ins, another admin): the stream
  // says only that something changed, so what the page shows of this event is read again.
  useRefreshOnChanges('/api/admin/events/live', () => [eventKeys.event(eventId)])
  const actions = useEventActions(eventId)
  const people = useParticipantLabels(detail?.participants ?? noParticipants)

  if (loadError !== null && !detail)
    return (
      <div className="mx-auto max-w-3xl px-5 py-12">
        <Alert tone="error">{loadError || t('list.loadFailed')}</Alert>
      </div>
    )
  if (!detail) return <PageSpinner />

  const { event } = detail
  const status = eventStatus(event)
  const when = eveningTime(i18n.language).format(new Date(event.startTime))
  // Set-up is open before the evening and folded away during it and after, unless she chose.
  const setupOpen = setupChoice ?? status === 'inactive'

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:gap-6 sm:px-8 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink href="/admin">{t('page.back')}</BackLink>
        <EventStatusBadge status={status} />
      </div>
      <header className="flex items-start gap-4">
        {event.imageUrl && (
          <img
            src={event.imageUrl}
            alt=""
            className="hidden aspect-video w-32 rounded-2xl object-cover ring-1 ring-ink/10 sm:block"
          />
        )}
        <div className="min-w-0">
          <h1
            id="event-heading"
            tabIndex={-1}
            className="font-display text-2xl font-semibold tracking-tight sm:text-4xl"
          >
            {event.eventName}
          </h1>
          <p className="mt-1 text-sm text-ink-soft sm:text-base">
            {t('page.when', { date: when, duration: event.duration })}
            {event.placeName && ` · ${event.placeName}`}
          </p>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,23rem)_minmax(0,1fr)] lg:items-start">
        <div className="lg:sticky lg:top-20">
          <EveningConsole detail={detail} actions={actions} unseatedCount={unseatedCount} />
          {/* The projector's way in without her password, beside the big screen's link. */}
          {event.isKlikk && status !== 'ended' && (
            <div className="mt-6">
              <ScreenLinkPanel eventId={event.id} />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {status === 'ended' && detail.noShows.length > 0 && (
            <NoShowsPanel detail={detail} people={people} actions={actions} />
          )}
          {event.isKlikk && <RoundsPanel detail={detail} people={people} actions={actions} />}
          <details
            open={setupOpen}
            // The browser tells of the page's own opening too: only her change is her choice.
            onToggle={(e) => {
              if (e.currentTarget.open !== setupOpen) setSetupChoice(e.currentTarget.open)
            }}
            className="group flex flex-col"
          >
            <summary
              id="setup-toggle"
              className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-3xl bg-white px-5 py-4 shadow-sm ring-1 ring-ink/5 [&::-webkit-details-marker]:hidden"
            >
              <span>
                <span className="block font-display text-2xl font-semibold">
                  {t('console.setup')}
                </span>
                <span className="block text-sm text-ink-soft">{t('console.setupHint')}</span>
              </span>
              <svg
                viewBox="0 0 20 20"
                aria-hidden="true"
                className="size-5 shrink-0 transition-transform group-open:rotate-180"
                fill="none"
              >
                <path
                  d="m5 8 5 5 5-5"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </summary>
            <div className="mt-6 flex flex-col gap-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <EventTextLanguages event={event} />
                <Button
                  type="button"
                  variant="outline"
                  size="md"
                  onClick={() => setEditing(!editing)}
                >
                  {editing ? t('page.closeEditor') : t('page.edit')}
                </Button>
              </div>
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
                    onSaved={() => setEditing(false)}
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

              <ParticipantsPanel detail={detail} people={people} actions={actions} />
              {event.isKlikk && (
                <KeepApartPanel detail={detail} people={people} actions={actions} />
              )}
              {event.isKlikk && <TablesPanel detail={detail} actions={actions} />}
              <DoorHelpersPanel eventId={event.id} />
            </div>
          </details>
        </div>
      </div>
    </div>
  )
}
