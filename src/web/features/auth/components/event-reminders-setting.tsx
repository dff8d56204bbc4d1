import { useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { SwitchField } from '#web/components/ui/switch-field.tsx'
import { refreshSession, type Me } from '#web/lib/session-store.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { setEventReminders } from '../api/account-api.ts'

/** Her choice whether she gets a reminder e-mail before the events she has a place at. */
export function EventRemindersSetting({ me }: { me: Me }) {
  const { t } = useTranslation('account')
  const [enabled, setEnabled] = useState(me.eventReminders)
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function change(next: boolean) {
    setEnabled(next)
    setPending(true)
    setOutcome(null)
    const result = await setEventReminders(next)
    setPending(false)
    if (result.ok) {
      setOutcome({
        tone: 'success',
        text: t(next ? 'account.eventRemindersOn' : 'account.eventRemindersOff'),
      })
      await refreshSession()
    } else {
      setEnabled(!next)
      setOutcome({ tone: 'error', text: result.message || t('account.eventRemindersFailed') })
    }
  }

  return (
    <SettingsCard
      title={t('account.eventRemindersTitle')}
      description={t('account.eventRemindersText')}
    >
      <SwitchField
        label={t('account.eventRemindersToggle')}
        checked={enabled}
        disabled={pending}
        onChange={(next) => void change(next)}
      />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </SettingsCard>
  )
}
