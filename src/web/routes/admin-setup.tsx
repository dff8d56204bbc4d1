import { useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { claimFirstAdmin } from '../features/auth/api/account-api.ts'
import { CardPage } from '../components/ui/card-page.tsx'
import { refreshSession, useSession } from '../lib/session-store.ts'
import { useTranslation } from '../lib/use-translation.ts'

/** /admin-setup?token=…: the one-time link the server prints while the site has no admin. */
export default function AdminSetupPage() {
  const { t } = useTranslation(['auth', 'errors'])
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const session = useSession()
  const [, navigate] = useLocation()
  const [pending, setPending] = useState(false)
  const [failed, setFailed] = useState(false)

  if (session.status === 'loading') return <PageSpinner />
  return (
    <CardPage title={t('adminSetup.title')} intro={t('adminSetup.intro')}>
      {session.status === 'signed-out' ? (
        <div className="flex flex-col gap-4">
          <Alert tone="info">{t('adminSetup.signInFirst')}</Alert>
          <Link href="/login" className="font-semibold text-rose-deep underline underline-offset-4">
            {t('accountMenu.loginLink', { ns: 'common' })}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {failed && <Alert tone="error">{t('adminSetup.invalid')}</Alert>}
          <Button
            pending={pending}
            pendingLabel={t('adminSetup.confirming')}
            disabled={!token}
            onClick={async () => {
              setPending(true)
              const result = await claimFirstAdmin(token)
              setPending(false)
              if (!result.ok) {
                setFailed(true)
                return
              }
              await refreshSession()
              navigate('/admin')
            }}
          >
            {t('adminSetup.confirm')}
          </Button>
        </div>
      )}
    </CardPage>
  )
}
