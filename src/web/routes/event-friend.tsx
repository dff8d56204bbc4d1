import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { Button, buttonClass } from '../components/ui/button.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import {
  acceptFriendInvitation,
  friendInvitationQuery,
} from '../features/events/api/member-events-api.ts'
import { EventSummary } from '../features/events/components/event-summary.tsx'
import { eveningTime } from '#web/lib/evening-time.ts'
import { useMemberEvents } from '../features/events/use-member-events.ts'
import { ServerData } from '../lib/query-client.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'

/**
 * /events/friend/:id, where a friend's invitation e-mail leads (decision 0092). Signed out, she is
 * sent to sign up or sign in and comes back here; signed in with the invited address, she sees
 * who invited her to which evening and accepts. Opening it changes nothing (mail scanners open
 * links).
 */
export default function EventFriendPage() {
  return (
    <ServerData>
      <RequireRole allow="signed-in">
        <EventFriend />
      </RequireRole>
    </ServerData>
  )
}

function EventFriend() {
  const { t, i18n } = useTranslation('events')
  const { id } = useParams<{ id: string }>()
  useDocumentTitle(`${t('friendPage.title')} – Lendület`)
  const invitation = useQuery(friendInvitationQuery(id))
  const { events } = useMemberEvents()
  const [pending, setPending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const data = invitation.data
  const event = data ? (events?.find((e) => e.id === data.eventId) ?? null) : null
  const format = eveningTime(i18n.language)

  async function accept() {
    setPending(true)
    setRefusal(null)
    const result = await acceptFriendInvitation(id)
    if (!result.ok) setRefusal(result.message || t('member.loadFailed'))
    await invitation.refetch()
    setPending(false)
  }

  return (
    <div className="mx-auto max-w-2xl px-5 py-12 sm:px-8">
      <h1 className="font-display text-4xl font-semibold tracking-tight">
        {t('friendPage.title')}
      </h1>
      {invitation.isPending && <PageSpinner />}
      {data && (
        <section
          aria-labelledby="friend-event-name"
          className="mt-8 flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
        >
          {/* Her account deleted, the inviter has no name any more: the evening says enough. */}
          {data.inviterName && (
            <p className="text-lg">{t('friendPage.intro', { inviter: data.inviterName })}</p>
          )}
          {event && <EventSummary event={event} headingId="friend-event-name" />}
          {data.status === 'open' && (
            <>
              <p>{t('friendPage.heldUntil', { until: format.format(new Date(data.expiresAt)) })}</p>
              <div>
                <Button pending={pending} onClick={() => void accept()}>
                  {t('friendPage.accept')}
                </Button>
              </div>
            </>
          )}
          {data.status === 'accepted' && (
            <p role="status" className="font-semibold text-sage-deep">
              {t('friendPage.accepted')}
            </p>
          )}
          {data.status === 'withdrawn' && (
            <p role="status" className="font-semibold">
              {t('friendPage.withdrawn')}
            </p>
          )}
          {data.status === 'lapsed' && <p role="status">{t('friendPage.lapsed')}</p>}
          {refusal && <Alert tone="error">{refusal}</Alert>}
        </section>
      )}
      {invitation.error && (
        <div className="mt-6">
          <Alert tone="error">{invitation.error.message || t('member.loadFailed')}</Alert>
        </div>
      )}
      <p className="mt-8">
        <Link href="/events" className={buttonClass({ variant: 'secondary', size: 'md' })}>
          {t('friendPage.back')}
        </Link>
      </p>
    </div>
  )
}
