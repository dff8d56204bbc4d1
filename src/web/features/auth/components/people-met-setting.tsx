import { useId, useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { refreshSession, type Me } from '#web/lib/session-store.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { setPeopleMetVisible } from '../api/account-api.ts'

/** Her choice whether members who sat at her table see her in their "people you met" lists. */
export function PeopleMetSetting({ me }: { me: Me }) {
  const { t } = useTranslation('auth')
  const id = useId()
  const [visible, setVisible] = useState(me.peopleMetVisible)
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function change(next: boolean) {
    setVisible(next)
    setPending(true)
    setOutcome(null)
    const result = await setPeopleMetVisible(next)
    setPending(false)
    if (result.ok) {
      setOutcome({
        tone: 'success',
        text: t(next ? 'account.peopleMetShown' : 'account.peopleMetHidden'),
      })
      await refreshSession()
    } else {
      setVisible(!next)
      setOutcome({ tone: 'error', text: result.message || t('account.peopleMetFailed') })
    }
  }

  return (
    <SettingsCard title={t('account.peopleMetTitle')} description={t('account.peopleMetText')}>
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3 self-start">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={visible}
          disabled={pending}
          onChange={(e) => void change(e.target.checked)}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-7 w-12 shrink-0 rounded-full bg-ink/25 transition peer-checked:bg-sage-deep peer-focus-visible:ring-4 peer-focus-visible:ring-rose/30 peer-disabled:opacity-60 after:absolute after:top-1 after:left-1 after:size-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5 motion-reduce:after:transition-none"
        />
        <span className="font-semibold">{t('account.peopleMetToggle')}</span>
      </label>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </SettingsCard>
  )
}
