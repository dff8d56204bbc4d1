import { useState, type FormEvent } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { updateProfile } from '../api/account-api.ts'
import { refreshSession, type Me } from '#web/lib/session-store.ts'

/** The member's name on her account page: saved, then the header shows it. */
export function ProfileNameForm({ me }: { me: Me }) {
  const { t } = useTranslation(['account', 'auth', 'errors'])
  const [name, setName] = useState(me.fullName)
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function save(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    if (!name.trim()) {
      setError(t('auth:validation.nameRequired'))
      return
    }
    setError(undefined)
    setPending(true)
    const result = await updateProfile(name.trim())
    setPending(false)
    if (result.ok) {
      await refreshSession()
      setOutcome({ tone: 'success', text: t('account.saved') })
    } else {
      setOutcome({ tone: 'error', text: result.message || t('errors:auth.genericError') })
    }
  }

  return (
    <form
      noValidate
      onSubmit={save}
      className="flex flex-col gap-5 rounded-3xl bg-white p-6 ring-1 ring-ink/5 sm:p-8"
    >
      <TextField
        label={t('auth:fields.name')}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <Button
        type="submit"
        pending={pending}
        pendingLabel={t('account.saving')}
        className="self-start"
      >
        {t('account.save')}
      </Button>
    </form>
  )
}
