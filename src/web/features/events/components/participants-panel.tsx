import { useState, type FormEvent } from 'react'
import { addParticipantSchema } from '#shared/schemas/events.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  checkInByCode,
  removeParticipant,
  setParticipantStatus,
  type Participant,
} from '../api/admin-events-api.ts'
import type { Act } from './event-workspace.tsx'
import { Panel } from './panel.tsx'

export const personName = (p: { fullName: string | null; email: string }) => p.fullName || p.email

const statusStyles = {
  present: 'bg-sage/20 text-sage-deep',
  registered: 'bg-sand text-ink-soft',
  absent: 'bg-ink/5 text-ink-soft',
} as const

/** Check-in at the door by member code; check in and out (late arrivals, early leavers). */
export function ParticipantsPanel({
  eventId,
  participants,
  act,
}: {
  eventId: string
  participants: Participant[]
  act: Act
}) {
  const { t } = useTranslation('events')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const count = (status: Participant['status']) =>
    participants.filter((p) => p.status === status).length

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = addParticipantSchema.safeParse({ userCode: code })
    if (!parsed.success) {
      setError(t('validation.userCodeInvalid'))
      return
    }
    setError(undefined)
    if (await act(() => checkInByCode(eventId, parsed.data.userCode))) setCode('')
  }

  return (
    <Panel
      id="participants-heading"
      title={t('participants.title')}
      aside={
        <p className="text-sm font-semibold text-ink-soft" data-testid="participant-counts">
          {t('participants.counts', {
            present: count('present'),
            registered: count('registered'),
            absent: count('absent'),
          })}
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label={t('participants.userCode')}
            hint={t('participants.userCodeHint')}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            className="font-mono tracking-[0.2em] uppercase"
          />
        </div>
        <Button type="submit" variant="solid" size="field" className="mt-7">
          {t('participants.checkInByCode')}
        </Button>
      </form>
      {participants.length === 0 ? (
        <p className="mt-6 text-ink-soft">{t('participants.empty')}</p>
      ) : (
        <ul className="mt-6 grid gap-x-10 sm:grid-cols-2">
          {participants.map((p) => {
            const name = personName(p)
            return (
              <li
                key={p.userId}
                className="flex flex-wrap items-center justify-between gap-2 border-b border-ink/5 py-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold">{name}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
                    <span className="font-mono tracking-wider">{p.userCode}</span>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyles[p.status]}`}
                    >
                      {t(`participants.statuses.${p.status}`)}
                    </span>
                  </p>
                </div>
                <div className="flex gap-1">
                  {p.status === 'present' ? (
                    <Button
                      type="button"
                      variant="quiet"
                      size="sm"
                      aria-label={t('participants.checkOutLabel', { name })}
                      onClick={() => act(() => setParticipantStatus(eventId, p.userId, 'absent'))}
                    >
                      {t('participants.checkOut')}
                    </Button>
                  ) : (
                    <Button
                      type="button"
                      variant="quiet"
                      size="sm"
                      aria-label={t('participants.checkInLabel', { name })}
                      onClick={() => act(() => setParticipantStatus(eventId, p.userId, 'present'))}
                    >
                      {t('participants.checkIn')}
                    </Button>
                  )}
                  <Button
                    type="button"
                    variant="quiet"
                    size="sm"
                    aria-label={t('participants.removeLabel', { name })}
                    onClick={() => act(() => removeParticipant(eventId, p.userId))}
                  >
                    {t('participants.remove')}
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Panel>
  )
}
