import { Link, useParams } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { EventSummary } from '../features/events/components/event-summary.tsx'
import { PlaceOffer } from '../features/events/components/place-offer.tsx'
import { useMemberEvents } from '../features/events/use-member-events.ts'
import { ServerData } from '../lib/query-client.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'

/**
 * /events/offer/:id, where the offer e-mail's link leads: the place offered and her answer. It
 * asks before anything happens, since mail scanners open links (decision 0089).
 */
export default function EventOfferPage() {
  return (
    <ServerData>
      <RequireRole allow="signed-in">
        <EventOffer />
      </RequireRole>
    </ServerData>
  )
}

function EventOffer() {
  const { t } = useTranslation('events')
  const { id } = useParams<{ id: string }>()
  useDocumentTitle(`${t('member.offerPageTitle')} – Lendület`)
  const { events, error, busy, answer } = useMemberEvents()
  const event = events?.find((e) => e.id === id) ?? null
  return (
    <div className="mx-auto max-w-2xl px-5 py-12 sm:px-8">
      <h1 className="font-display text-4xl font-semibold tracking-tight">
        {t('member.offerPageTitle')}
      </h1>
      {!events && error === null && <PageSpinner />}
      {event && (
        <section
          aria-labelledby="offer-event-name"
          className="mt-8 flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
        >
          <EventSummary event={event} headingId="offer-event-name" />
          {event.offer ? (
            <PlaceOffer
              event={event}
              offer={event.offer}
              pending={busy === event.id}
              onAnswer={(yes) => void answer(event, yes)}
            />
          ) : event.registration === 'registered' ? (
            <p role="status" className="font-semibold text-sage-deep">
              {t('member.offerAccepted')}
            </p>
          ) : (
            <p role="status">{t('member.offerPageNone')}</p>
          )}
        </section>
      )}
      {events && !event && <p className="mt-8">{t('member.offerPageNone')}</p>}
      {error !== null && (
        <div className="mt-6">
          <Alert tone="error">{error || t('member.loadFailed')}</Alert>
        </div>
      )}
      <p className="mt-8">
        <Link href="/events" className={buttonClass({ variant: 'secondary', size: 'md' })}>
          {t('member.offerPageBack')}
        </Link>
      </p>
    </div>
  )
}
