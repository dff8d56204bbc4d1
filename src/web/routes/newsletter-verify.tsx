import { TokenResultPage } from '../features/newsletter/components/token-result-page.tsx'

/** /newsletter/verify?token=…: confirms a subscription. */
export default function NewsletterVerifyPage() {
  return <TokenResultPage kind="verification" />
}
