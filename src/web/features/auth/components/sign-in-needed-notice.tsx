import { useEffect, useRef } from 'react'
import { Link } from 'wouter'
import { withReturnPath } from '#shared/return-path.ts'
import { useSession } from '#web/lib/session-store.ts'
import { useReturnPath } from '#web/lib/use-return-path.ts'
import { useTranslation } from '#web/lib/use-translation.ts'

/**
 * Above the landing page when the route guard sent a signed-out visitor here (`/?next=/events`):
 * why, and the way back through signing in. The live region is always there (empty and without
 * height in the prerendered page, so a normal visit paints exactly as before); the notice fills it
 * once the page knows its query, and is announced politely. Focus starts on signing in, the one
 * thing she came to do (the guard's redirect would otherwise leave it on <body> or the page's
 * heading), unless she has already put it somewhere herself.
 */
export function SignInNeededNotice() {
  const { t } = useTranslation()
  const next = useReturnPath()
  const session = useSession()
  const shown = next !== null && session.status !== 'signed-in'
  const login = useRef<HTMLAnchorElement>(null)
  const known = shown && session.status === 'signed-out'
  useEffect(() => {
    const active = document.activeElement
    // Where the app put focus itself (the body, <main>, or a heading it focused on arriving,
    // which the landing page's screen, loaded as a chunk of its own, may have done first): not
    // a place she chose.
    const placedByApp =
      !active ||
      active === document.body ||
      active.id === 'main' ||
      (active.getAttribute('tabindex') === '-1' &&
        !active.matches('a, button, input, select, textarea'))
    if (known && placedByApp) login.current?.focus()
  }, [known])
  return (
    <div role="status" className="relative mx-auto max-w-6xl px-5 sm:px-8">
      {shown && (
        <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white/80 p-4 ring-1 ring-sage/40 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
          <p className="flex flex-1 items-start gap-3 text-ink sm:items-center">
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-full bg-sage/20 text-sage-deep"
            >
              <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
                <rect x="5" y="11" width="14" height="9" rx="2" strokeWidth="1.8" />
                <path d="M8 11V8a4 4 0 0 1 8 0v3" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </span>
            <span className="pt-1.5 sm:pt-0">{t('signInNeeded.text')}</span>
          </p>
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <Link
              ref={login}
              href={withReturnPath('/login', next)}
              className="rounded-full bg-sage-deep px-5 py-2.5 font-semibold text-white transition hover:bg-ink"
            >
              {t('signInNeeded.login')}
            </Link>
            <Link
              href={withReturnPath('/signup', next)}
              className="rounded-full px-4 py-2.5 font-semibold text-ink underline-offset-4 hover:underline"
            >
              {t('signInNeeded.signup')}
            </Link>
          </div>
        </div>
      )}
    </div>
  )
}
