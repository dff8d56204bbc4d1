import { useQuery } from '@tanstack/react-query'
import { dateLocale } from '#shared/languages.ts'
import { useId, useState } from 'react'
import type { DeviceSession } from '#shared/schemas/account.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { refresh } from '#web/lib/query-client.tsx'
import { accountKeys } from '#web/lib/query-keys.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { devicesQuery } from '../api/account-queries.ts'
import { revokeDeviceSession, revokeOtherDeviceSessions } from '../api/sessions-api.ts'
import { describeDevice } from '../device-name.ts'

/**
 * Every browser and app signed in to her account, most recently used first. She can sign any
 * other one out; it is signed out at once (its next request is refused).
 */
export function SignedInDevices() {
  const { t, i18n } = useTranslation('account')
  const id = useId()
  const { data, error: failure } = useQuery(devicesQuery())
  const error = failure ? failure.message : null
  const reload = () => refresh(accountKeys.devices())
  const [pending, setPending] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })

  function deviceName(session: DeviceSession) {
    const device = describeDevice(session.userAgent)
    if (device.kind === 'app')
      return device.os ? t('account.deviceAppOn', { os: device.os }) : t('account.deviceApp')
    if (device.kind === 'browser')
      return device.os
        ? t('account.deviceBrowserOn', { browser: device.browser, os: device.os })
        : (device.browser ?? t('account.deviceUnknown'))
    return t('account.deviceUnknown')
  }

  async function signOut(session: DeviceSession) {
    setPending(session.id)
    setOutcome(null)
    const result = await revokeDeviceSession(session.id)
    if (result.ok) {
      await reload()
      setOutcome({
        tone: 'success',
        text: t('account.deviceSignedOut', { device: deviceName(session) }),
      })
    } else setOutcome({ tone: 'error', text: result.message || t('account.signOutDeviceFailed') })
    setPending(null)
  }

  async function signOutOthers() {
    setPending('others')
    setOutcome(null)
    const result = await revokeOtherDeviceSessions()
    if (result.ok) {
      await reload()
      setOutcome({
        tone: 'success',
        text: t('account.othersSignedOut', { count: result.data.ended }),
      })
    } else setOutcome({ tone: 'error', text: result.message || t('account.signOutDeviceFailed') })
    setPending(null)
  }

  const others = data ? data.sessions.filter((session) => !session.current).length : 0

  return (
    <SettingsCard title={t('account.devicesTitle')} description={t('account.devicesText')}>
      {error !== null && !data && <Alert tone="error">{error || t('account.devicesFailed')}</Alert>}
      {data && (
        <ul className="divide-y divide-ink/10" data-testid="signed-in-devices">
          {data.sessions.map((session) => {
            const name = deviceName(session)
            const mobile = describeDevice(session.userAgent).mobile
            return (
              // On phones the button goes under the text, which keeps the row's whole width.
              <li
                key={session.id}
                className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 py-4 first:pt-1 last:pb-1 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
              >
                <DeviceIcon mobile={mobile} />
                <div>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
                    <span id={`${id}-${session.id}`} className="break-words">
                      {name}
                    </span>
                    {session.current && (
                      <span className="rounded-full bg-sage/25 px-2.5 py-0.5 text-xs font-semibold text-sage-deep">
                        {t('account.thisDevice')}
                      </span>
                    )}
                  </p>
                  <p className="mt-0.5 text-sm text-ink-soft">
                    {t('account.lastActive', { date: date.format(new Date(session.updatedAt)) })}
                    {/* The dot stays with the address; a long IPv6 address breaks, not the card. */}
                    {session.ipAddress && (
                      <span className="tabular-nums [overflow-wrap:anywhere]">
                        {` ·\u00a0${session.ipAddress}`}
                      </span>
                    )}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="quiet"
                    size="sm"
                    pending={pending === session.id}
                    disabled={pending !== null}
                    aria-describedby={`${id}-${session.id}`}
                    className="col-start-2 mt-1 -ml-3.5 justify-self-start sm:col-start-3 sm:mt-0 sm:ml-0 sm:justify-self-end"
                    onClick={() => void signOut(session)}
                  >
                    {t('account.signOutDevice')}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {others > 0 && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          pending={pending === 'others'}
          disabled={pending !== null}
          onClick={() => void signOutOthers()}
        >
          {t('account.signOutOthers')}
        </Button>
      )}
      {outcome && (
        <Alert tone={outcome.tone} focus>
          {outcome.text}
        </Alert>
      )}
    </SettingsCard>
  )
}

/** A phone, or a laptop: the only thing the icon tells. */
function DeviceIcon({ mobile }: { mobile: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-11 shrink-0 place-items-center rounded-2xl bg-blush/60 text-rose-deep"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        {mobile ? (
          <>
            <rect x="7" y="2.5" width="10" height="19" rx="2.5" />
            <path d="M11 18.5h2" strokeLinecap="round" />
          </>
        ) : (
          <>
            <rect x="4" y="4.5" width="16" height="11" rx="1.8" />
            <path d="M2.5 19.5h19" strokeLinecap="round" />
          </>
        )}
      </svg>
    </span>
  )
}
