import { useEffect, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import { withReturnPath } from '#shared/return-path.ts'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { homeFor, useSession, type Role } from '#web/lib/session-store.ts'
import { AdminTwoStepGate } from './admin-two-step-gate.tsx'

/**
 * SPEC's route guard, client side only (the server checks every /api route itself): nobody
 * signed in goes to /, with the page she wanted as `?next=` (the landing page says why and
 * offers to sign in and come back); a signed-in user with the wrong role to her own home. An
 * admin's screens open once her account has two-step sign-in: until then she sets it up here.
 */
export function RequireRole({
  allow,
  children,
}: {
  allow: Role[] | 'signed-in'
  children: ReactNode
}) {
  const session = useSession()
  const [path, navigate] = useLocation()
  const search = useSearch()
  const allowed =
    session.status === 'signed-in' && (allow === 'signed-in' || allow.includes(session.role))

  useEffect(() => {
    if (session.status === 'signed-out')
      navigate(withReturnPath('/', search ? `${path}?${search}` : path), { replace: true })
    else if (session.status === 'signed-in' && !allowed)
      navigate(homeFor(session.role), { replace: true })
  }, [session, allowed, path, search, navigate])

  if (!allowed) return <PageSpinner />
  if (allow !== 'signed-in' && session.role === 'admin' && !session.me.twoFactorEnabled)
    return <AdminTwoStepGate />
  return children
}
