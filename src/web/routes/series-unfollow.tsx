import { useState } from 'react'
import { Link, useSearch } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { CardPage } from '../components/ui/card-page.tsx'
import { unfollowByToken } from '../features/events/api/member-events-api.ts'
import { useTranslation } from '../lib/use-translation.ts'

/**
 * /series/unfollow?token=…: the link in a series' e-mail. Opening it changes nothing (mail
 * scanners open links); her press of the button stops that series' e-mails, without signing in.
 */
export default function SeriesUnfollowPage() {
  const { t } = useTranslation('events')
  const token = new URLSearchParams(useSearch()).get('token')
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)

  async function unfollow() {
    if (!token) return
    setPending(true)
    const done = await unfollowByToken(token)
    setPending(false)
    setOutcome(
      done.ok
        ? { ok: true, text: t('unfollow.done', { name: done.data.eventName }) }
        : { ok: false, text: done.message || t('unfollow.failed') },
    )
  }

  return (
    <CardPage title={t('unfollow.title')}>
      {!token ? (
        <Alert tone="error">{t('errors.seriesTokenInvalid')}</Alert>
      ) : outcome ? (
        <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <p>{t('unfollow.intro')}</p>
          <div>
            <Button pending={pending} onClick={unfollow}>
              {t('unfollow.button')}
            </Button>
          </div>
        </div>
      )}
      <p className="mt-6 text-sm">
        <Link href="/events" className="font-semibold text-rose-deep underline underline-offset-4">
          {t('unfollow.toEvents')}
        </Link>
      </p>
    </CardPage>
  )
}
