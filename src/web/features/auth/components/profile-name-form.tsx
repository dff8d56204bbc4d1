import { useState, type FormEvent } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { updateProfile } from '../api/account-api.ts'
import { refreshSession, type Me } from '#web/lib/session-store.ts'
import { NameFields, nameErrors, type NameErrors } from './name-fields.tsx'
import { fieldSetter } from '#web/lib/field-setter.ts'

/**
 * The member's name on her account page, as two fields in her language's order: saved, then the
 * header shows it. An account from before names had two parts holds only her full name; it is
 * shown above the empty fields, never split by guesswork (decision 55).
 */
export function ProfileNameForm({ me }: { me: Me }) {
  const { t } = useTranslation(['account', 'auth', 'errors'])
  const [names, setNames] = useState({
    givenName: me.givenName ?? '',
    familyName: me.familyName ?? '',
  })
  const [errors, setErrors] = useState<NameErrors>({})
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const formRef = useFocusFirstInvalid(errors)
  const inOnePiece = !me.givenName && me.fullName ? me.fullName : null

  const set = fieldSetter(setNames)

  async function save(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    const found = nameErrors(names, (key) => t(`auth:${key}`))
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setPending(true)
    const result = await updateProfile({
      givenName: names.givenName.trim(),
      familyName: names.familyName.trim(),
    })
    setPending(false)
    if (result.ok) {
      await refreshSession()
      setOutcome({ tone: 'success', text: t('account.saved') })
    } else {
      setOutcome({ tone: 'error', text: result.message || t('errors:auth.genericError') })
    }
  }

  return (
    <SettingsCard
      title={t('account.nameTitle')}
      description={inOnePiece && t('account.nameInOnePiece', { name: inOnePiece })}
    >
      <form ref={formRef} noValidate onSubmit={save} className="flex flex-col gap-5">
        <NameFields names={names} onChange={set} errors={errors} />
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
    </SettingsCard>
  )
}
