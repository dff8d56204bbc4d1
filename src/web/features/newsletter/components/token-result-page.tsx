import { useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { NoScriptNote } from '#web/components/ui/no-script-note.tsx'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { CardPage } from '#web/components/ui/card-page.tsx'
import { confirmSubscription, confirmUnsubscribe } from '../api/newsletter-api.ts'

type Kind = 'verification' | 'unsubscribeVerification'
type Outcome = { tone: 'success' | 'error'; text: string }

const confirm: Record<Kind, (token: string) => Promise<ApiResult<{ message: string }>>> = {
  verification: confirmSubscription,
  unsubscribeVerification: confirmUnsubscribe,
}

// A token is single-use: however often React runs the effect, it is sent once per page load.
const sent = new Map<string, Promise<ApiResult<{ message: string }>>>()

/**
 * /newsletter/verify and /newsletter/unsubscribe: sends the link's token with POST (a mail
 * scanner's GET of the link changes nothing), then shows SPEC's states. The page arrives
 * prerendered in its waiting state; the token is read once it is hydrated (the build saw none).
 */
export function TokenResultPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation('newsletter')
  const search = useSearch()
  const hydrated = useHydrated()
  // undefined: not read yet; null: the link has none.
  const token = hydrated ? new URLSearchParams(search).get('token') : undefined
  // The server's words; an error without them ('') shows this page's own text.
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  useEffect(() => {
    if (!token) return
    const key = `${kind}:${token}`
    let request = sent.get(key)
    if (!request) {
      request = confirm[kind](token)
      sent.set(key, request)
    }
    let current = true
    void request.then((result) => {
      if (!current) return
      setOutcome(
        result.ok
          ? { tone: 'success', text: result.data.message }
          : { tone: 'error', text: result.message },
      )
    })
    return () => {
      current = false
    }
  }, [kind, token])

  return (
    <CardPage title={t(`${kind}.title`)}>
      <NoScriptNote>{t('result.noScript')}</NoScriptNote>
      {/* Room for the answer's few lines from the start: the links below stay where they are. */}
      {/* Without the app, the page's islands fill it (islands/token-result.ts). */}
      <div data-js-only="" data-token-result="" className="min-h-[5.25rem]">
        {token === null ? (
          <Alert tone="error">{t(`${kind}.invalidToken`)}</Alert>
        ) : outcome ? (
          <Alert tone={outcome.tone}>{outcome.text || t(`${kind}.failed`)}</Alert>
        ) : (
          // The waiting line in the answer's box, so the answer only changes its colour.
          <p
            role="status"
            className="flex items-center gap-3 rounded-2xl px-4 py-3 text-sm font-medium text-ink-soft ring-1 ring-ink/10"
          >
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-blush border-t-rose motion-reduce:animate-none"
            />
            {t(
              kind === 'verification'
                ? 'verification.loading'
                : 'unsubscribeVerification.verifying',
            )}
          </p>
        )}
      </div>
      <div className="mt-8 flex flex-col items-center gap-3 text-center">
        <Link href="/" className="font-semibold text-rose-deep underline underline-offset-4">
          {t('result.backHome')}
        </Link>
        {kind === 'verification' && (
          // Its place is kept until it is needed (after a failure), so nothing below moves then.
          <a
            href="/#newsletter"
            className={`text-sm text-ink-soft underline underline-offset-4 ${token === null || outcome?.tone === 'error' ? '' : 'invisible'}`}
          >
            {t('result.tryAgain')}
          </a>
        )}
      </div>
    </CardPage>
  )
}
