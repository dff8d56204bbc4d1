import { TokenResultPage } from '../features/newsletter/components/token-result-page.tsx'

/** /newsletter/unsubscribe?token=…: confirms an unsubscribe. */
export default function NewsletterUnsubscribePage() {
  return <TokenResultPage kind="unsubscribeVerification" />
}
