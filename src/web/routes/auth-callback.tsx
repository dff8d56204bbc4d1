import { useEffect, useState } from 'react'
import { useTranslation } from '../lib/use-translation.ts'
import { Link, useLocation } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { CardPage } from '../components/ui/card-page.tsx'
import { RETURN_PATH_PARAM, safeReturnPath, withReturnPath } from '#shared/return-path.ts'
import { homeFor, refreshSession } from '../lib/session-store.ts'

/**
 * SPEC: every unknown path is the authentication callback. Verification and recovery links land
 * here with ?type=signup or ?type=recovery (&token=…); Better Auth adds ?error=… when a link fails.
 * Without a type: an admin goes to /admin, another user to /home, nobody to /landing. With
 * `?next=` (a page on this site she wanted before signing in, with Google or by confirming her
 * address), a signed-in user goes there instead; the guard there still checks her role.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation(['auth', 'errors'])
  const [, navigate] = useLocation()
  // What the link brought: read once, from the query and (as SPEC has it) the hash.
  const [params] = useState(
    () => new URLSearchParams(window.location.search + window.location.hash.replace(/^#/, '&')),
  )
  const errorCode = params.get('error')
  const returnPath = safeReturnPath(params.get(RETURN_PATH_PARAM))

  useEffect(() => {
    if (errorCode) return
    const type = params.get('type')
    const token = params.get('token')
    let cancelled = false
    void (async () => {
      const session = await refreshSession()
      if (cancelled) return
      if (type === 'recovery' && token) {
        navigate(`/change-password?token=${encodeURIComponent(token)}`, { replace: true })
      } else if (type === 'signup' && session.status === 'signed-in') {
        navigate(returnPath ?? '/welcome', { replace: true })
      } else if (session.status === 'signed-in') {
        navigate(returnPath ?? homeFor(session.role), { replace: true })
      } else {
        navigate('/landing', { replace: true })
      }
    })()
    return () => {
      cancelled = true
    }
  }, [params, errorCode, returnPath, navigate])

  if (!errorCode) return <PageSpinner label={t('callback.authenticating')} />
  // Better Auth names the problem with one of its codes; show our text for it when we have one.
  const key = `errors:auth.${errorCode.toUpperCase()}` as 'errors:auth.INVALID_TOKEN'
  return (
    <CardPage title={t('errors:auth.genericError')}>
      <Alert tone="error">{t(key, { defaultValue: t('errors:auth.INVALID_TOKEN') })}</Alert>
      <p className="mt-6 text-center">
        <Link
          href={withReturnPath('/login', returnPath)}
          className="font-semibold text-rose-deep underline underline-offset-4"
        >
          {t('callback.backToLogin')}
        </Link>
      </p>
    </CardPage>
  )
}
