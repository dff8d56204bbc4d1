import { useParams } from 'wouter'
import { NewsletterIssueArticle } from '../features/newsletter/components/newsletter-issue-article.tsx'

/** /newsletter/issues/:id: a sent newsletter's public web version. */
export default function NewsletterIssuePage() {
  const { id = '' } = useParams<{ id: string }>()
  return <NewsletterIssueArticle id={id} />
}
