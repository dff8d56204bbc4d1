import { useState, type FormEvent } from 'react'
import { keepApartInputSchema } from '#shared/schemas/events.ts'
import { Button } from '#web/components/ui/button.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { keepApart, letSitTogether, type EventDetail } from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'
import type { Act } from './event-workspace.tsx'
import { Panel } from './panel.tsx'
import { personName } from './participants-panel.tsx'

/** Pairs the mixer seats at different tables: choose two participants, list, remove. */
export function KeepApartPanel({ detail, act }: { detail: EventDetail; act: Act }) {
  const { t } = useTranslation('events')
  const [userA, setUserA] = useState('')
  const [userB, setUserB] = useState('')
  const [errors, setErrors] = useState<Partial<Record<'userA' | 'userB', string>>>({})
  const [pending, setPending] = useState(false)
  const eventId = detail.event.id
  const names = new Map(detail.participants.map((p) => [p.userId, personName(p)]))
  const nameOf = (userId: string) => names.get(userId) ?? '—'
  const options = detail.participants.map((p) => ({ value: p.userId, label: personName(p) }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = keepApartInputSchema.safeParse({ userA, userB })
    if (!parsed.success) {
      setErrors(fieldErrors<'userA' | 'userB'>(parsed.error, t))
      return
    }
    setErrors({})
    setPending(true)
    if (await act(() => keepApart(eventId, parsed.data))) {
      setUserA('')
      setUserB('')
    }
    setPending(false)
  }

  return (
    <Panel id="keep-apart-heading" title={t('keepApart.title')} intro={t('keepApart.intro')}>
      {detail.participants.length < 2 ? (
        <p className="text-ink-soft">{t('keepApart.needsTwo')}</p>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
        >
          <SelectField
            label={t('keepApart.first')}
            placeholder={t('keepApart.choose')}
            options={options}
            value={userA}
            onChange={(e) => setUserA(e.target.value)}
            error={errors.userA}
          />
          <SelectField
            label={t('keepApart.second')}
            placeholder={t('keepApart.choose')}
            options={options}
            value={userB}
            onChange={(e) => setUserB(e.target.value)}
            error={errors.userB}
          />
          <Button type="submit" variant="solid" size="field" className="sm:mt-7" pending={pending}>
            {t('keepApart.add')}
          </Button>
        </form>
      )}
      {detail.keepApart.length === 0 ? (
        detail.participants.length >= 2 && (
          <p className="mt-5 text-sm text-ink-soft">{t('keepApart.empty')}</p>
        )
      ) : (
        <ul className="mt-5 grid gap-x-10 sm:grid-cols-2" aria-label={t('keepApart.title')}>
          {detail.keepApart.map((pair) => {
            const names = { a: nameOf(pair.userA), b: nameOf(pair.userB) }
            return (
              <li
                key={pair.id}
                className="flex items-center justify-between gap-3 border-b border-ink/5 py-3"
              >
                <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                  {t('keepApart.pair', names)}
                </p>
                <Button
                  type="button"
                  variant="quiet"
                  size="sm"
                  aria-label={t('keepApart.removeLabel', names)}
                  onClick={() => act(() => letSitTogether(eventId, pair.id))}
                >
                  {t('keepApart.remove')}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </Panel>
  )
}
