import { useQuery } from '@tanstack/react-query'
import { dateLocale } from '#shared/languages.ts'
import { useId, useState, type FormEvent } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { refresh } from '#web/lib/query-client.tsx'
import { accountKeys } from '#web/lib/query-keys.ts'
import { passkeysQuery } from '../api/account-queries.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { addPasskey, passkeysSupported, removePasskey } from '../api/passkey-api.ts'

type Outcome = { tone: 'success' | 'error'; text: string }

/**
 * The account page's passkeys: the ones she has, a new one (named), and removing one, which asks
 * first (a passkey removed from her account stays on her device, useless until she adds it again).
 */
export function PasskeysSetting() {
  const { t, i18n } = useTranslation(['auth', 'errors'])
  const id = useId()
  const { data } = useQuery(passkeysQuery())
  const reload = () => refresh(accountKeys.passkeys())
  const [name, setName] = useState('')
  const [pending, setPending] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [asking, setAsking] = useState<{ id: string; label: string } | null>(null)
  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'medium' })

  async function add(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    if (!passkeysSupported()) {
      setOutcome({ tone: 'error', text: t('passkeys.unsupported') })
      return
    }
    setPending('add')
    const result = await addPasskey(name.trim() || t('passkeys.defaultName'))
    setPending(null)
    if (result.ok) {
      setName('')
      await reload()
      setOutcome({ tone: 'success', text: t('passkeys.added') })
    } else
      setOutcome({
        tone: 'error',
        text:
          'status' in result
            ? result.message || t('passkeys.failed')
            : t(result.code === 'cancelled' ? 'passkeys.cancelled' : 'passkeys.unsupported'),
      })
  }

  async function remove(passkeyId: string, label: string) {
    setOutcome(null)
    setPending(passkeyId)
    const result = await removePasskey(passkeyId)
    setPending(null)
    if (result.ok) {
      await reload()
      setOutcome({ tone: 'success', text: t('passkeys.removed', { name: label }) })
    } else setOutcome({ tone: 'error', text: result.message || t('passkeys.failed') })
  }

  return (
    <SettingsCard title={t('passkeys.title')} description={t('passkeys.text')}>
      {data &&
        (data.length === 0 ? (
          <p className="text-sm text-ink-soft">{t('passkeys.empty')}</p>
        ) : (
          <ul className="divide-y divide-ink/10" data-testid="passkeys">
            {data.map((passkey) => {
              const label = passkey.name || t('passkeys.defaultName')
              return (
                <li key={passkey.id} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p id={`${id}-${passkey.id}`} className="font-semibold break-words">
                      {label}
                    </p>
                    {passkey.createdAt && (
                      <p className="text-sm text-ink-soft">
                        {t('passkeys.addedOn', { date: date.format(new Date(passkey.createdAt)) })}
                      </p>
                    )}
                  </div>
                  <Button
                    variant="quiet"
                    size="sm"
                    pending={pending === passkey.id}
                    disabled={pending !== null}
                    aria-describedby={`${id}-${passkey.id}`}
                    onClick={() => setAsking({ id: passkey.id, label })}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </li>
              )
            })}
          </ul>
        ))}
      <form noValidate onSubmit={add} className="flex flex-col gap-3">
        <div>
          <TextField
            label={t('passkeys.nameLabel')}
            hint={t('passkeys.nameHint')}
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          pending={pending === 'add'}
          pendingLabel={t('passkeys.adding')}
          disabled={pending !== null}
          className="self-start"
        >
          {t('passkeys.add')}
        </Button>
      </form>
      {outcome && (
        <Alert tone={outcome.tone} focus>
          {outcome.text}
        </Alert>
      )}
      {asking && (
        <ConfirmDialog
          text={t('passkeys.removeQuestion', { name: asking.label })}
          confirmLabel={t('passkeys.remove')}
          cancelLabel={t('passkeys.keep')}
          onConfirm={async () => {
            await remove(asking.id, asking.label)
            setAsking(null)
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </SettingsCard>
  )
}
