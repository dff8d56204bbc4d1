import { useEffect } from 'react'
import { Alert } from '../components/ui/alert.tsx'
import { Link } from 'wouter'
import { buttonClass } from '../components/ui/button.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { QrCode } from '../components/ui/qr-code.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { useSession } from '../lib/session-store.ts'
import { Registration } from '../features/events/components/registration.tsx'
import { FriendInvite } from '../features/events/components/friend-invite.tsx'
import { SeriesDates } from '../features/events/components/series-dates.tsx'
import { useMemberEvents } from '../features/events/use-member-events.ts'
import { PeopleMet } from '../features/events/components/people-met.tsx'
import { KlikkSection } from '../features/klikk/components/klikk-section.tsx'
import { AddToCalendar } from '../features/events/components/event-calendar-links.tsx'
import { EventSummary } from '../features/events/components/event-summary.tsx'
import { eveningTime } from '#web/lib/evening-time.ts'
import { MyTable } from '../features/live/my-table.tsx'
import { EveningOver } from '../features/events/components/evening-over.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'
import { ServerData } from '../lib/query-client.tsx'

/** /events: the members' events page: sign up for what is coming, with the code for the door. */
export default function EventsPage() {
  return (
    <ServerData>
      <RequireRole allow="signed-in">
        <MemberEvents />
      </RequireRole>
    </ServerData>
  )
}

function MemberEvents() {
  const { t, i18n } = useTranslation('events')
  const session = useSession()
  useDocumentTitle(`${t('member.title')} – Lendület`)
  const { events, error: failed, busy, toggle, answer, running, ended, next } = useMemberEvents()
  // Arriving for one evening (/events#member-event-…, from her closing on /home): its card.
  const loaded = events !== null
  useEffect(() => {
    if (loaded && window.location.hash.startsWith('#member-event-'))
      document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'start' })
  }, [loaded])

  const format = eveningTime(i18n.language)
  const code = session.status === 'signed-in' ? session.me.userCode : null
  // In the hours after the evening she came to, whom she would meet again comes right after its
  // thanks, before the door pass and the evenings to come: not past all of them by keyboard.
  const klikkFirst = !(running && session.status === 'signed-in') && !!ended
  return (
    <div className="mx-auto max-w-4xl px-5 py-12 sm:px-8">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{t('member.title')}</h1>
      <p className="mt-3 text-lg text-ink-soft">{t('member.intro')}</p>
      {/* At the evening she is already in: her table (or its closing) comes before the door pass. */}
      {running && session.status === 'signed-in' ? (
        <div className="mt-8">
          <MyTable eventId={running.id} userId={session.me.id} />
        </div>
      ) : (
        ended && (
          <div className="mt-8">
            <EveningOver ended={ended} next={next} />
          </div>
        )
      )}
      {klikkFirst && <KlikkSection />}
      {code && (
        // The door pass: held out to the host's camera, so the QR code comes first and large.
        <section
          aria-label={t('member.yourCode')}
          className="mt-8 flex flex-col items-center gap-5 rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-ink/5 sm:w-fit sm:flex-row sm:gap-8 sm:py-6 sm:pr-10 sm:pl-6 sm:text-left"
        >
          <QrCode value={code} label={t('member.qrLabel', { code })} size={200} />
          <div className="flex flex-col items-center gap-4 sm:items-start">
            <p className="inline-flex items-center gap-4 rounded-2xl bg-sage-deep px-5 py-3 text-cream">
              <span className="text-sm font-semibold tracking-wide uppercase">
                {t('member.yourCode')}
              </span>
              <span className="font-mono text-2xl font-semibold tracking-[0.2em]">{code}</span>
            </p>
            <p className="max-w-xs text-balance text-ink-soft">{t('member.qrHint')}</p>
          </div>
        </section>
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
                {event.series && event.status !== 'active' && (
                  <p className="text-sm font-semibold text-rose-deep">{t('member.seriesNext')}</p>
                )}
                <EventSummary event={event} headingId={`member-event-${event.id}`} />
                {event.description && (
                  <p className="mt-1" lang={event.textLanguages.description}>
                    {event.description}
                  </p>
                )}
                {event.status !== 'active' && (
                  <p className="text-sm text-ink-soft">
                    {t('member.cancelBy', { time: format.format(new Date(event.cancelDeadline)) })}
                  </p>
                )}
                {event.status !== 'active' && <AddToCalendar event={event} />}
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  <Registration
                    event={event}
                    pending={busy === event.id}
                    onToggle={() => toggle(event)}
                    onAnswer={(yes) => void answer(event, yes)}
                  />
                  {event.doorOpen && (
                    <Link
                      href={`/admin/events/${event.id}/door`}
                      className={buttonClass({ variant: 'solid', size: 'lg' })}
                    >
                      {t('member.openDoor')}
                    </Link>
                  )}
                </div>
                <FriendInvite event={event} />
                <SeriesDates
                  event={event}
                  busy={busy}
                  onToggle={toggle}
                  onAnswer={(evening, yes) => void answer(evening, yes)}
                />
              </div>
            </article>
          </li>
        ))}
      </ul>
      {!klikkFirst && <KlikkSection />}
      <PeopleMet />
    </div>
  )
}
