import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { FormEnd } from '#web/components/ui/form-end.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { QrCode } from '#web/components/ui/qr-code.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { refreshSession, type Me } from '#web/lib/session-store.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { authPost } from '../api/auth-api.ts'
import { signInMethodsQuery } from '../api/account-queries.ts'

type Outcome = { tone: 'success' | 'error'; text: string }

/**
 * The account page's card: two-step sign-in (a code from an authenticator app after the
 * password) on or off, new backup codes, and the setup itself (decision 0043).
 */
export function TwoStepSetting({ me }: { me: Me }) {
  const { t } = useTranslation('account')
  const [action, setAction] = useState<'setup' | 'disable' | 'codes' | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  function finish(text: string) {
    setAction(null)
    setCodes(null)
    setOutcome({ tone: 'success', text })
  }

  return (
    <SettingsCard
      title={t('twoStep.title')}
      description={me.twoFactorEnabled ? t('twoStep.on') : t('twoStep.off')}
    >
      {me.isAdmin && !me.twoFactorEnabled && (
        <p className="text-sm font-semibold text-rose-deep">{t('twoStep.adminNote')}</p>
      )}
      {action === 'setup' ? (
        <TwoStepSetup
          onDone={() => void refreshSession().then(() => finish(t('twoStep.enabled')))}
          onCancel={() => setAction(null)}
        />
      ) : codes ? (
        <BackupCodes codes={codes} onDone={() => finish(t('twoStep.codesSaved'))} />
      ) : action === 'disable' || action === 'codes' ? (
        <PasswordStep
          submitLabel={action === 'disable' ? t('twoStep.turnOffConfirm') : t('twoStep.newCodes')}
          onCancel={() => setAction(null)}
          onSubmit={async (password) => {
            if (action === 'disable') {
              const result = await authPost('/two-factor/disable', password)
              if (!result.ok) return result.message
              await refreshSession()
              finish(t('twoStep.disabled'))
              return null
            }
            const result = await authPost('/two-factor/generate-backup-codes', password)
            if (!result.ok) return result.message
            setCodes((result.data as { backupCodes: string[] }).backupCodes)
            return null
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          {me.twoFactorEnabled ? (
            <>
              <Button variant="outline" size="sm" onClick={() => open('codes')}>
                {t('twoStep.newCodes')}
              </Button>
              <Button variant="quiet" size="sm" onClick={() => open('disable')}>
                {t('twoStep.turnOff')}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={() => open('setup')}>
              {t('twoStep.turnOn')}
            </Button>
          )}
        </div>
      )}
      {outcome && !action && !codes && (
        <Alert tone={outcome.tone} focus>
          {outcome.text}
        </Alert>
      )}
    </SettingsCard>
  )

  function open(next: 'setup' | 'disable' | 'codes') {
    setOutcome(null)
    setAction(next)
  }
}

/**
 * Turning two-step sign-in on: her password (if the account has one), then the QR code and
 * the first code from the app, then the backup codes, shown once. Also the admin area's gate.
 */
export function TwoStepSetup({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null)
  const [confirmed, setConfirmed] = useState(false)

  if (!setup)
    return (
      <PasswordStep
        submitLabel={null}
        onCancel={onCancel}
        onSubmit={async (password) => {
          const result = await authPost('/two-factor/enable', password)
          if (!result.ok) return result.message
          setSetup(result.data as { totpURI: string; backupCodes: string[] })
          return null
        }}
      />
    )
  if (!confirmed)
    return (
      <ScanStep
        totpURI={setup.totpURI}
        onCancel={onCancel}
        onConfirmed={() => setConfirmed(true)}
      />
    )
  return <BackupCodes codes={setup.backupCodes} onDone={onDone} />
}

/**
 * Her password, to show it is her (accounts that sign in with Google alone have none: the step
 * then runs at once). Answers null when done, or the message of what went wrong.
 */
function PasswordStep({
  submitLabel,
  onSubmit,
  onCancel,
}: {
  submitLabel: string | null
  onSubmit: (body: { password?: string }) => Promise<string | null>
  onCancel?: () => void
}) {
  const { t } = useTranslation(['account', 'auth', 'errors'])
  const methods = useQuery(signInMethodsQuery())
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const focusField = () => field.current?.focus()
  const hasPassword = methods.data?.password ?? true

  useEffect(() => {
    field.current?.focus()
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    if (hasPassword && !password) {
      setError(t('auth:validation.required'))
      focusField()
      return
    }
    setError(undefined)
    setPending(true)
    const message = await onSubmit(hasPassword ? { password } : {})
    setPending(false)
    if (message !== null) setFailure(message || t('errors:auth.genericError'))
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {hasPassword ? (
        <TextField
          ref={field}
          label={t('twoStep.password')}
          hint={t('twoStep.passwordHint')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
          required
        />
      ) : (
        <p className="text-sm text-ink-soft">{t('twoStep.noPassword')}</p>
      )}
      <StepEnd
        failure={failure}
        pending={pending}
        submitLabel={submitLabel ?? t('twoStep.continue')}
        onCancel={onCancel}
      />
    </form>
  )
}

/** The QR code (and the key, for typing in), and the first code from the app to confirm. */
function ScanStep({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string
  onConfirmed: () => void
  onCancel?: () => void
}) {
  const { t } = useTranslation(['account', 'errors'])
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''

  useEffect(() => {
    heading.current?.focus()
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const digits = code.replace(/\s/g, '')
    if (!/^\d{6}$/.test(digits)) {
      setError(t('twoStep.codeInvalid'))
      field.current?.focus()
      return
    }
    setError(undefined)
    setPending(true)
    const result = await authPost('/two-factor/verify-totp', { code: digits })
    if (!result.ok) {
      setPending(false)
      setFailure(result.message || t('errors:auth.genericError'))
      return
    }
    // The session learns of it when she has saved her codes (onDone): an admin's gate would
    // otherwise open before she saw them.
    onConfirmed()
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t('twoStep.scanTitle')}
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-soft">
        <li>{t('twoStep.scanStep1')}</li>
        <li>{t('twoStep.scanStep2')}</li>
      </ol>
      <QrCode value={totpURI} label={t('twoStep.qrLabel')} size={176} className="self-start" />
      <div className="text-sm">
        <p className="text-ink-soft">{t('twoStep.manualKey')}</p>
        {/* Groups of four that never break inside a group: read aloud or typed, group by group. */}
        <p
          className="mt-1 flex flex-wrap gap-x-3 gap-y-1 font-mono text-base font-semibold tracking-wider"
          data-testid="totp-secret"
        >
          {secretGroups(secret).map((group, index) => (
            <span key={index} className="whitespace-nowrap">
              {group}
            </span>
          ))}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <CopyButton
            text={secret}
            label={t('twoStep.copyKey')}
            copiedLabel={t('twoStep.keyCopied')}
          />
          <a href={totpURI} className="font-medium text-rose-deep underline underline-offset-2">
            {t('twoStep.openInApp')}
          </a>
        </div>
      </div>
      <TextField
        ref={field}
        label={t('twoStep.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        className="max-w-48 font-mono tracking-[0.3em]"
        required
      />
      <StepEnd
        failure={failure}
        pending={pending}
        submitLabel={t('twoStep.confirm')}
        onCancel={onCancel}
      />
    </form>
  )
}

/** The authenticator key in groups of four, as it is read aloud or typed. */
export const secretGroups = (secret: string) => secret.match(/.{1,4}/g) ?? []

/** A step's answer (what went wrong) and its buttons: go on, or cancel. */
function StepEnd({
  failure,
  pending,
  submitLabel,
  onCancel,
}: {
  failure: string | null
  pending: boolean
  submitLabel: string
  onCancel?: () => void
}) {
  const { t } = useTranslation('account')
  return (
    <FormEnd
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      pendingLabel={t('twoStep.working')}
      size="sm"
      cancel={onCancel && { label: t('twoStep.cancel'), variant: 'quiet', onCancel }}
    />
  )
}

/** The ten backup codes, shown once, to copy or download before going on. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account')
  const heading = useRef<HTMLHeadingElement>(null)
  const text = codes.join('\n')

  useEffect(() => {
    heading.current?.focus()
  }, [])

  function download() {
    const url = URL.createObjectURL(new Blob([`${t('twoStep.codesFileTitle')}\n\n${text}\n`]))
    const link = document.createElement('a')
    link.href = url
    link.download = 'lendulet-backup-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t('twoStep.codesTitle')}
      </h3>
      <p className="text-sm text-ink-soft">{t('twoStep.codesText')}</p>
      <ul
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-2xl bg-cream p-4 font-mono text-base tabular-nums"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={text} label={t('twoStep.copy')} copiedLabel={t('twoStep.copied')} />
        <Button variant="outline" size="sm" onClick={download}>
          {t('twoStep.download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('twoStep.saved')}
        </Button>
      </div>
    </div>
  )
}
