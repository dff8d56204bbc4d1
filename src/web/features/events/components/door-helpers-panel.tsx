import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { addDoorHelper, doorHelpersQuery, removeDoorHelper } from '../api/admin-events-api.ts'
import { Panel } from './panel.tsx'

/**
 * Members the admin lets work this event's door: by member code. They see only this event's door
 * screen, from two hours before its start until it ends (the server holds to that).
 */
export function DoorHelpersPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation('events')
  const helpers = useQuery(doorHelpersQuery(eventId))
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  async function add(event: FormEvent) {
    event.preventDefault()
    if (code.trim() === '') {
      setError(t('validation.userCodeInvalid'))
      return
    }
    setPending(true)
    const result = await addDoorHelper(eventId, code)
    setPending(false)
    if (!result.ok) {
      setError(result.message || t('page.actionFailed'))
      return
    }
    setError(undefined)
    setCode('')
  }

  const list = helpers.data?.helpers ?? []
  return (
    <Panel id="door-helpers-heading" title={t('doorHelpers.title')} intro={t('doorHelpers.intro')}>
      <form noValidate onSubmit={add} className="flex flex-wrap items-start gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label={t('doorHelpers.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            className="font-mono tracking-[0.2em] uppercase"
          />
        </div>
        <Button type="submit" variant="solid" size="field" className="mt-7" pending={pending}>
          {t('doorHelpers.add')}
        </Button>
      </form>
      {list.length === 0 ? (
        <p className="mt-5 text-ink-soft">{t('doorHelpers.empty')}</p>
      ) : (
        <ul className="mt-5 divide-y divide-ink/5">
          {list.map((helper) => {
            const name = helper.fullName || helper.email
            return (
              <li key={helper.userId} className="flex flex-wrap items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{name}</p>
                  <p className="font-mono text-sm tracking-wider text-ink-soft">
                    {helper.userCode}
                  </p>
                </div>
                <Button
                  variant="quiet"
                  size="sm"
                  aria-label={t('doorHelpers.removeLabel', { name })}
                  onClick={async () => {
                    await removeDoorHelper(eventId, helper.userId)
                  }}
                >
                  {t('doorHelpers.remove')}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </Panel>
  )
}
