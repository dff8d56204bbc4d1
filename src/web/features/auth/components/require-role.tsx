import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { homeFor, useSession, type Role } from '#web/lib/session-store.ts'

/**
 * SPEC's route guard, client side only (the server checks every /api route itself): nobody
 * signed in goes to /, a signed-in user with the wrong role to her own home (/admin or /home).
 */
export function RequireRole({
  allow,
  children,
}: {
  allow: Role[] | 'signed-in'
  children: ReactNode
}) {
  const session = useSession()
  const [, navigate] = useLocation()
  const allowed =
    session.status === 'signed-in' && (allow === 'signed-in' || allow.includes(session.role))

  useEffect(() => {
    if (session.status === 'signed-out') navigate('/', { replace: true })
    else if (session.status === 'signed-in' && !allowed)
      navigate(homeFor(session.role), { replace: true })
  }, [session, allowed, navigate])

  return allowed ? children : <PageSpinner />
}
