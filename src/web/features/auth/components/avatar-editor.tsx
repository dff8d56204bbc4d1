import { useId, useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { removeAvatar, uploadAvatar } from '../api/account-api.ts'
import { refreshSession, type Me } from '#web/lib/session-store.ts'
import { UserAvatar } from '#web/components/ui/user-avatar.tsx'

/** The member's picture: upload (the server crops and resizes it) or remove. */
export function AvatarEditor({ me }: { me: Me }) {
  const { t } = useTranslation(['account', 'errors'])
  const inputId = useId()
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function send(call: () => Promise<ApiResult<unknown>>, success: string) {
    setPending(true)
    setOutcome(null)
    const result = await call()
    setPending(false)
    if (result.ok) {
      await refreshSession()
      setOutcome({ tone: 'success', text: success })
    } else {
      setOutcome({ tone: 'error', text: result.message || t('errors:invalidImage') })
    }
  }

  const name = me.fullName || me.email
  return (
    <SettingsCard title={t('account.picture')}>
      <div className="flex flex-wrap items-center gap-5">
        <UserAvatar avatarUrl={me.avatarUrl} name={name} size="large" alt={t('account.picture')} />
        <div className="flex flex-col gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex h-11 cursor-pointer items-center justify-center self-start rounded-full border border-ink/15 bg-white px-5 font-semibold transition has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-rose-deep hover:border-rose/50 hover:text-rose-deep"
          >
            {pending ? t('account.uploading') : t('account.changePicture')}
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={pending}
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (!file) return
                void send(() => uploadAvatar(file), t('account.pictureSaved'))
              }}
            />
          </label>
          {me.avatarUrl && (
            <button
              type="button"
              disabled={pending}
              className="self-start text-sm font-semibold text-rose-deep underline underline-offset-4"
              onClick={() => void send(removeAvatar, t('account.pictureRemoved'))}
            >
              {t('account.removePicture')}
            </button>
          )}
          <p className="text-sm text-ink-soft">{t('account.pictureHint')}</p>
        </div>
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </SettingsCard>
  )
}
