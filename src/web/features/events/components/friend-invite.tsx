import { useId, useRef, useState, type FormEvent } from 'react'
import { friendInvitationInputSchema } from '#shared/schemas/friend-invitations.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  inviteFriend,
  withdrawFriendInvitation,
  type MemberEvent,
} from '../api/member-events-api.ts'
import { eveningTime } from '#web/lib/evening-time.ts'

/**
 * A seat for a friend (decision 0092), under her place on the event's card: when the host allows
 * it and she holds a place, "Bring a friend" opens a one-field form; once sent, where the
 * invitation stands (held until…, accepted, ran out) and, while it is open, its withdrawal. A
 * refusal (herself, an address with an account…) is said in her language under the field.
 */
export function FriendInvite({
  event,
}: {
  event: Pick<
    MemberEvent,
    'id' | 'friendsAllowed' | 'friendInvitation' | 'registration' | 'status' | 'startTime'
  >
}) {
  const { t, i18n } = useTranslation('events')
  const now = useNow(30_000)
  const [editing, setEditing] = useState(false)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const invitation = event.friendInvitation
  const started = event.status === 'active' || new Date(event.startTime).getTime() <= now
  if (!event.friendsAllowed || started) return null
  if (!invitation && event.registration !== 'registered') return null
  const format = eveningTime(i18n.language)

  async function send(e: FormEvent) {
    e.preventDefault()
    const parsed = friendInvitationInputSchema.safeParse({ email })
    if (!parsed.success) {
      setError(t('validation.friendEmailInvalid'))
      field.current?.focus()
      return
    }
    setPending(true)
    setError(null)
    const result = await inviteFriend(event.id, parsed.data.email)
    setPending(false)
    if (!result.ok) {
      setError(result.message || t('member.loadFailed'))
      field.current?.focus()
      return
    }
    setEditing(false)
    setEmail('')
  }

  async function withdraw() {
    setPending(true)
    setError(null)
    const result = await withdrawFriendInvitation(event.id)
    setPending(false)
    if (!result.ok) setError(result.message || t('member.loadFailed'))
  }

  return (
    <section
      aria-labelledby={titleId}
      className="mt-3 flex flex-col gap-3 rounded-2xl bg-sand/60 p-4"
    >
      <h3 id={titleId} className="font-display text-lg font-semibold">
        {t('member.friend.title')}
      </h3>
      {invitation?.status === 'open' ? (
        <>
          <p role="status">
            {t('member.friend.sent', {
              email: invitation.email,
              until: format.format(new Date(invitation.expiresAt)),
            })}
          </p>
          <div>
            <Button variant="secondary" pending={pending} onClick={() => void withdraw()}>
              {t('member.friend.withdraw')}
            </Button>
          </div>
        </>
      ) : invitation?.status === 'accepted' ? (
        <p role="status" className="font-semibold text-sage-deep">
          {t('member.friend.accepted', { email: invitation.email })}
        </p>
      ) : (
        <>
          {invitation?.status === 'lapsed' && (
            <p role="status" className="text-ink-soft">
              {t('member.friend.lapsed', { email: invitation.email })}
            </p>
          )}
          {event.registration === 'registered' &&
            (editing ? (
              <form noValidate onSubmit={(e) => void send(e)} className="flex flex-col gap-3">
                <p className="text-sm text-ink-soft">{t('member.friend.intro')}</p>
                <TextField
                  ref={field}
                  label={t('member.friend.email')}
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={error ?? undefined}
                  autoFocus
                />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" pending={pending}>
                    {t('member.friend.send')}
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => {
                      setEditing(false)
                      setError(null)
                    }}
                  >
                    {t('member.friend.cancel')}
                  </Button>
                </div>
              </form>
            ) : (
              <div>
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  {t('member.friend.open')}
                </Button>
              </div>
            ))}
        </>
      )}
      {error && !editing && <Alert tone="error">{error}</Alert>}
    </section>
  )
}
