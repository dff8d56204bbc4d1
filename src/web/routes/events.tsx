import { useState } from 'react'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { useSession } from '../lib/session-store.ts'
import {
  fetchMemberEvents,
  registerFor,
  unregisterFrom,
  type MemberEvent,
} from '../features/events/api/member-events-api.ts'
import { PeopleMet } from '../features/events/components/people-met.tsx'
import { MyTable } from '../features/live/my-table.tsx'
import { useApiData } from '../lib/use-api-data.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'

/** /events: the members' events page: sign up for what is coming, with the code for the door. */
export default function EventsPage() {
  return (
    <RequireRole allow="signed-in">
      <MemberEvents />
    </RequireRole>
  )
}

function MemberEvents() {
  const { t, i18n } = useTranslation('events')
  const session = useSession()
  useDocumentTitle(`${t('member.title')} – Lendület`)
  const list = useApiData(fetchMemberEvents, 'member-events')
  const events = list.data?.events ?? null
  const [actionError, setActionError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const failed = actionError ?? list.error

  async function toggle(event: MemberEvent) {
    setBusy(event.id)
    setActionError(null)
    const result = event.registration ? await unregisterFrom(event.id) : await registerFor(event.id)
    if (!result.ok) setActionError(result.message)
    await list.reload()
    setBusy(null)
  }

  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' })
  const code = session.status === 'signed-in' ? session.me.userCode : null
  // The running event she takes part in: her table for the current round, live.
  const running = events?.find((e) => e.status === 'active' && e.registration === 'present')
  return (
    <div className="mx-auto max-w-4xl px-5 py-12 sm:px-8">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{t('member.title')}</h1>
      <p className="mt-3 text-lg text-ink-soft">{t('member.intro')}</p>
      {code && (
        <p className="mt-6 inline-flex items-center gap-4 rounded-2xl bg-sage-deep px-5 py-3 text-cream">
          <span className="text-sm font-semibold tracking-wide uppercase">
            {t('member.yourCode')}
          </span>
          <span className="font-mono text-2xl font-semibold tracking-[0.2em]">{code}</span>
        </p>
      )}
      {running && session.status === 'signed-in' && (
        <div className="mt-8">
          <MyTable eventId={running.id} userId={session.me.id} />
        </div>
      )}
      {failed !== null && (
        <div className="mt-6">
          <Alert tone="error">{failed || t('member.loadFailed')}</Alert>
        </div>
      )}
      {!events && failed === null && <PageSpinner />}
      {events?.length === 0 && (
        <p className="mt-8 rounded-3xl bg-white p-8 text-center text-ink-soft ring-1 ring-ink/5">
          {t('member.empty')}
        </p>
      )}
      <ul className="mt-8 flex flex-col gap-5">
        {events?.map((event) => (
          <li key={event.id}>
            <article
              aria-labelledby={`member-event-${event.id}`}
              className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-ink/5 sm:flex-row"
            >
              {event.imageUrl && (
                <img src={event.imageUrl} alt="" className="aspect-video object-cover sm:w-64" />
              )}
              <div className="flex flex-1 flex-col gap-2 p-5 sm:p-6">
                {event.status === 'active' && (
                  <p className="text-sm font-semibold text-sage-deep">{t('member.running')}</p>
                )}
                <h2 id={`member-event-${event.id}`} className="font-display text-2xl font-semibold">
                  {event.eventName}
                </h2>
                <p className="text-ink-soft">
                  {format.format(new Date(event.startTime))}
                  {event.placeName && ` · ${event.placeName}`}
                </p>
                {event.address && <p className="text-sm text-ink-soft">{event.address}</p>}
                {event.description && <p className="mt-1">{event.description}</p>}
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  {event.registration === 'present' ? (
                    <p className="font-semibold text-sage-deep">{t('member.present')}</p>
                  ) : (
                    <>
                      {event.registration && (
                        <p className="font-semibold text-sage-deep">{t('member.registered')}</p>
                      )}
                      <Button
                        variant={event.registration ? 'secondary' : 'primary'}
                        pending={busy === event.id}
                        onClick={() => toggle(event)}
                      >
                        {event.registration ? t('member.unregister') : t('member.register')}
                      </Button>
                    </>
                  )}
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <PeopleMet />
    </div>
  )
}
