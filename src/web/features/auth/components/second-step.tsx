import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { normalizeBackupCode } from '#shared/backup-codes.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { authPost } from '../api/auth-api.ts'

/** Answers after which this sign-in cannot go on: she starts again from her password. */
const CHALLENGE_OVER = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'])

/**
 * The second step of signing in (decision 0043): the code from her authenticator app, or one of
 * her backup codes, and whether to trust this browser for 30 days. `onSignedIn` runs once the
 * session is set; `onStartOver` takes her back to the password.
 */
export function SecondStep({
  onSignedIn,
  onStartOver,
  alternative,
}: {
  onSignedIn: () => Promise<void>
  onStartOver: () => void
  /** Another way to take the step (a passkey), shown under the form. */
  alternative?: ReactNode
}) {
  const { t } = useTranslation(['auth', 'errors'])
  const id = useId()
  const [mode, setMode] = useState<'app' | 'backup'>('app')
  const [code, setCode] = useState('')
  const [trust, setTrust] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null)
  const [pending, setPending] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const focusField = () => field.current?.focus()

  function switchMode() {
    setMode(mode === 'app' ? 'backup' : 'app')
    setCode('')
    setError(undefined)
    setFailure(null)
    // The field is the same element with a new label: she goes on typing there.
    requestAnimationFrame(focusField)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const typed = mode === 'app' ? code.replace(/\s/g, '') : normalizeBackupCode(code)
    const valid = mode === 'app' ? /^\d{6}$/.test(typed) : /^[\w-]{6,}$/.test(typed)
    if (!valid) {
      setError(mode === 'app' ? t('secondStep.codeInvalid') : t('secondStep.backupInvalid'))
      focusField()
      return
    }
    setError(undefined)
    setPending(true)
    const result = await authPost(
      mode === 'app' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code',
      { code: typed, trustDevice: trust },
    )
    if (!result.ok) {
      setPending(false)
      setFailure({ code: result.code, message: result.message || t('errors:auth.genericError') })
      // Back to the field with her code selected: the next one she types replaces it, and the
      // message is announced (role alert). When the challenge is over, the message takes focus.
      if (!CHALLENGE_OVER.has(result.code)) requestAnimationFrame(() => field.current?.select())
      return
    }
    await onSignedIn()
  }

  const over = failure !== null && CHALLENGE_OVER.has(failure.code)
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-ink-soft">
        {mode === 'app' ? t('secondStep.intro') : t('secondStep.introBackup')}
      </p>
      <TextField
        ref={field}
        label={mode === 'app' ? t('secondStep.codeLabel') : t('secondStep.backupLabel')}
        inputMode={mode === 'app' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={mode === 'app' ? 7 : 32}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        className="font-mono tracking-[0.2em]"
        required
      />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-ink/30 accent-rose-deep"
          checked={trust}
          onChange={(e) => setTrust(e.target.checked)}
          aria-describedby={`${id}-trust`}
        />
        <span>
          {t('secondStep.trust')}
          <span id={`${id}-trust`} className="block text-sm text-ink-soft">
            {t('secondStep.trustHint')}
          </span>
        </span>
      </label>
      {failure && (
        <Alert tone="error" focus={over}>
          {failure.message}
        </Alert>
      )}
      {over ? (
        <Button type="button" onClick={onStartOver}>
          {t('secondStep.startOver')}
        </Button>
      ) : (
        <Button type="submit" pending={pending} pendingLabel={t('secondStep.submitting')}>
          {t('secondStep.submit')}
        </Button>
      )}
      <button
        type="button"
        onClick={switchMode}
        className="self-start text-left text-sm font-semibold text-rose-deep underline-offset-4 hover:underline"
      >
        {mode === 'app' ? t('secondStep.useBackup') : t('secondStep.useApp')}
      </button>
      {alternative}
    </form>
  )
}
