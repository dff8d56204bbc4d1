import { useState, type FormEvent } from 'react'
import { keepApartInputSchema } from '#shared/schemas/events.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { Button } from '#web/components/ui/button.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { keepApart, letSitTogether, type EventDetail } from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'
import type { EventActions } from '../use-event-actions.ts'
import type { ParticipantLabels } from '../use-participant-labels.ts'
import { ActionError } from './action-error.tsx'
import { Panel } from './panel.tsx'

/** Pairs the mixer seats at different tables: choose two participants, list, remove. */
export function KeepApartPanel({
  detail,
  people,
  actions,
}: {
  detail: EventDetail
  people: ParticipantLabels
  actions: EventActions
}) {
  const { t } = useTranslation('events')
  const [userA, setUserA] = useState('')
  const [userB, setUserB] = useState('')
  const [errors, setErrors] = useState<Partial<Record<'userA' | 'userB', string>>>({})
  const formRef = useFocusFirstInvalid(errors)
  const [pending, setPending] = useState(false)
  const eventId = detail.event.id
  const options = people
    .sorted(detail.participants, (p) => p.userId)
    .map((p) => ({ value: p.userId, label: people.labelOf(p.userId) }))
  // Each pair's two names in order, and the pairs by their first name.
  const pairs = people.sorted(
    detail.keepApart.map((pair) => {
      const [first = pair.userA, second = pair.userB] = people.sorted(
        [pair.userA, pair.userB],
        (userId) => userId,
      )
      return { id: pair.id, first, second }
    }),
    (pair) => pair.first,
  )
  const removeId = (pairId: string) => `keep-apart-${pairId}-remove`

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = keepApartInputSchema.safeParse({ userA, userB })
    if (!parsed.success) {
      setErrors(fieldErrors<'userA' | 'userB'>(parsed.error, t))
      return
    }
    setErrors({})
    setPending(true)
    if ((await actions.run('keep-apart', () => keepApart(eventId, parsed.data))).ok) {
      setUserA('')
      setUserB('')
    }
    setPending(false)
    // Waiting disabled the button, which took focus from it.
    actions.focusSoon('keep-apart-add')
  }

  return (
    <Panel id="keep-apart-heading" title={t('keepApart.title')} intro={t('keepApart.intro')}>
      {detail.participants.length < 2 ? (
        <p className="text-ink-soft">{t('keepApart.needsTwo')}</p>
      ) : (
        <form
          ref={formRef}
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
          <Button
            id="keep-apart-add"
            type="submit"
            variant="solid"
            size="field"
            className="sm:mt-7"
            pending={pending}
          >
            {t('keepApart.add')}
          </Button>
        </form>
      )}
      <ActionError message={actions.errorAt('keep-apart')} className="mt-3" />
      <ActionError
        message={actions.errorGone(
          'keep-apart-',
          pairs.map((pair) => `keep-apart-${pair.id}`),
        )}
        className="mt-3"
      />
      {pairs.length === 0 ? (
        detail.participants.length >= 2 && (
          <p className="mt-5 text-sm text-ink-soft">{t('keepApart.empty')}</p>
        )
      ) : (
        <ul className="mt-5 grid gap-x-10 sm:grid-cols-2" aria-label={t('keepApart.title')}>
          {pairs.map((pair, index) => {
            const names = { a: people.labelOf(pair.first), b: people.labelOf(pair.second) }
            const next = pairs[index + 1] ?? pairs[index - 1]
            const where = `keep-apart-${pair.id}`
            return (
              <li key={pair.id} className="border-b border-ink/5 py-3">
                <div className="flex items-center justify-between gap-3">
                  <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                    {t('keepApart.pair', names)}
                  </p>
                  <Button
                    id={removeId(pair.id)}
                    type="button"
                    variant="quiet"
                    size="row"
                    aria-label={t('keepApart.removeLabel', names)}
                    onClick={async () => {
                      const result = await actions.run(where, () =>
                        letSitTogether(eventId, pair.id),
                      )
                      if (result.ok)
                        actions.focusSoon(
                          ...(next ? [removeId(next.id)] : []),
                          'keep-apart-heading',
                        )
                    }}
                  >
                    {t('keepApart.remove')}
                  </Button>
                </div>
                <ActionError message={actions.errorAt(where)} className="mt-2" />
              </li>
            )
          })}
        </ul>
      )}
    </Panel>
  )
}
