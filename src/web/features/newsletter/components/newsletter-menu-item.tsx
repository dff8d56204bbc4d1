import { useTranslation } from '#web/lib/use-translation.ts'
import type { Me } from '#web/lib/session-store.ts'
import { toggleSubscription, useSubscription } from '../subscription-store.ts'

export { loadSubscription } from '../subscription-store.ts'

/** The account menu's newsletter toggle (SPEC section 2): one click, a spinner while it works. */
export function NewsletterMenuItem({ me, className }: { me: Me; className: string }) {
  const { t } = useTranslation('newsletter')
  const { subscribed, loaded, processing } = useSubscription(me.id)
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

export default NewsletterMenuItem
