import { useEffect } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { Me } from '#web/lib/session-store.ts'
import {
  clearSubscriptionNotice,
  toggleSubscription,
  useSubscription,
} from '../subscription-store.ts'

export { loadSubscription } from '../subscription-store.ts'

/** The account menu's newsletter toggle (SPEC section 2): one click, a spinner while it works. */
export function NewsletterMenuItem({ me, className }: { me: Me; className: string }) {
  const { t } = useTranslation('newsletter')
  const { subscribed, loaded, processing } = useSubscription(me)
  const busy = processing || !loaded
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      className={`${className} gap-2 aria-disabled:cursor-wait aria-disabled:opacity-70`}
      onClick={() => {
        if (!busy) void toggleSubscription(me)
      }}
    >
      {busy ? (
        <>
          <span
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
          {t('toggle.processing')}
        </>
      ) : subscribed ? (
        t('toggle.unsubscribe')
      ) : (
        t('toggle.subscribe')
      )}
    </button>
  )
}

/**
 * What the toggle just did, in words under the menu's items: the item's label alone only flips.
 * A polite live region, there (empty) from the moment the menu opens, so the words are read out
 * when they come; closing the menu forgets them.
 */
export function NewsletterNotice({ me }: { me: Me }) {
  const { t } = useTranslation('newsletter')
  const { notice } = useSubscription(me)
  useEffect(() => clearSubscriptionNotice, [])
  return (
    <div role="status" aria-live="polite">
      {notice && (
        <p className="mt-1.5 rounded-xl bg-sage/15 px-3 py-2.5 text-sm font-medium text-sage-deep ring-1 ring-sage/40">
          {t(`toggle.done.${notice}`)}
        </p>
      )}
    </div>
  )
}

export default NewsletterMenuItem
