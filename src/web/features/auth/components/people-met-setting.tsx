import { useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { SwitchField } from '#web/components/ui/switch-field.tsx'
import { refreshSession, type Me } from '#web/lib/session-store.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { setPeopleMetVisible } from '../api/account-api.ts'

/** Her choice whether members who sat at her table see her in their "people you met" lists. */
export function PeopleMetSetting({ me }: { me: Me }) {
  const { t } = useTranslation('account')
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
      <SwitchField
        label={t('account.peopleMetToggle')}
        checked={visible}
        disabled={pending}
        onChange={(next) => void change(next)}
      />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </SettingsCard>
  )
}
