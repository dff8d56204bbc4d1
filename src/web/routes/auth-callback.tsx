import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { PageSpinner } from '../components/ui/page-spinner.tsx'

/**
 * SPEC: every unknown path is the authentication-callback screen. Until accounts exist there is no
 * session to read, so it shows the authenticating state and sends the visitor to /landing.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  useEffect(() => {
    navigate('/landing', { replace: true })
  }, [navigate])
  return <PageSpinner label={t('authCallback.authenticating')} />
}
