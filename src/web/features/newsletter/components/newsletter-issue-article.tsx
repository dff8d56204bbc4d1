import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { dateLocale, isLanguage } from '#shared/languages.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { buttonClass } from '#web/components/ui/button.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  fetchNewsletterIssue,
  fetchNewsletterIssuePreview,
  type NewsletterIssue,
  type NewsletterIssuePreview,
} from '../api/campaigns-api.ts'

// The body is the server's HTML from Markdown (no raw HTML, only http(s) and mailto links):
// set in the brand's type as a calm article.
const prose = [
  'text-lg leading-relaxed text-ink',
  '[&>*+*]:mt-5',
  '[&_h1]:mt-10 [&_h1]:font-display [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:tracking-tight',
  '[&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_a]:font-semibold [&_a]:text-rose-deep [&_a]:underline [&_a]:underline-offset-4',
  '[&_strong]:font-semibold',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-rose',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-blush [&_blockquote]:pl-5 [&_blockquote]:text-ink-soft [&_blockquote]:italic',
  '[&_hr]:my-10 [&_hr]:border-ink/10',
  '[&_img]:rounded-2xl',
  '[&_code]:rounded [&_code]:bg-sand [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base',
].join(' ')

/**
 * /newsletter/issues/:id: the public web version of a sent issue, in the visitor's language.
 * With `preview`, an admin's look at any campaign's, sent or not (the link in her test e-mail).
 */
export function NewsletterIssueArticle({ id, preview = false }: { id: string; preview?: boolean }) {
  const { t, i18n } = useTranslation('newsletter')
  const language = isLanguage(i18n.language) ? i18n.language : 'hu'
  const [issue, setIssue] = useState<NewsletterIssue | NewsletterIssuePreview | null>(null)
  const [failure, setFailure] = useState<'not-found' | 'failed' | null>(null)
  useEffect(() => {
    let current = true
    const load = preview ? fetchNewsletterIssuePreview : fetchNewsletterIssue
    void load(id, language).then((result) => {
      if (!current) return
      setIssue(result.ok ? result.data : null)
      setFailure(result.ok ? null : result.status === 404 ? 'not-found' : 'failed')
    })
    return () => {
      current = false
    }
  }, [id, language, preview])
  useDocumentTitle(
    `${issue?.subject ?? (failure ? t('campaigns.ui.issue.notFoundTitle') : t('campaigns.ui.issue.eyebrow'))} – Lendület`,
  )

  if (!issue && !failure) return <PageSpinner label={t('campaigns.ui.issue.loading')} />
  if (!issue)
    return (
      <div className="mx-auto max-w-xl px-5 py-20 text-center sm:py-28">
        {failure === 'not-found' ? (
          <>
            <p className="text-sm font-semibold tracking-[0.2em] text-rose-deep uppercase">
              {t('campaigns.ui.issue.eyebrow')}
            </p>
            <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">
              {t('campaigns.ui.issue.notFoundTitle')}
            </h1>
            <p className="mt-4 text-lg text-ink-soft">{t('campaigns.ui.issue.notFoundText')}</p>
          </>
        ) : (
          <>
            <h1 className="font-display text-4xl font-semibold tracking-tight">
              {t('campaigns.ui.issue.eyebrow')}
            </h1>
            <div className="mt-6 text-left">
              <Alert tone="error">{t('campaigns.ui.issue.loadFailed')}</Alert>
            </div>
          </>
        )}
        <div className="mt-10 flex flex-col items-center gap-4">
          <Link href="/" className={buttonClass({ variant: 'secondary' })}>
            {t('campaigns.ui.issue.home')}
          </Link>
          <a
            href="/#newsletter"
            className="font-semibold text-rose-deep underline underline-offset-4"
          >
            {t('campaigns.ui.issue.subscribe')}
          </a>
        </div>
      </div>
    )

  const sentOn =
    issue.sentAt &&
    new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'long' }).format(
      new Date(issue.sentAt),
    )
  return (
    <div className="px-5 py-12 sm:px-8 sm:py-20">
      {preview && (
        <div className="mx-auto mb-10 flex max-w-2xl flex-col gap-3 rounded-2xl bg-gold/15 p-4 ring-1 ring-gold/40 sm:p-5">
          <BackLink href={`/admin/newsletter/campaigns/${id}`}>
            {t('campaigns.ui.issue.backToCampaign')}
          </BackLink>
          <p className="text-sm text-ink">{t('campaigns.ui.issue.previewNote')}</p>
        </div>
      )}
      <article lang={issue.language} className="mx-auto max-w-2xl">
        <header className="border-b border-ink/10 pb-8">
          <p className="text-sm font-semibold tracking-[0.2em] text-rose-deep uppercase">
            {t('campaigns.ui.issue.eyebrow')}
          </p>
          <h1 className="mt-4 font-display text-4xl leading-tight font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-5xl">
            {issue.subject}
          </h1>
          <p className="mt-4 text-ink-soft">
            {issue.sentAt ? (
              <time dateTime={issue.sentAt}>
                {t('campaigns.ui.issue.sentOn', { date: sentOn })}
              </time>
            ) : (
              t('campaigns.ui.issue.notSent')
            )}
          </p>
        </header>
        {/* Safe HTML: the server renders it from Markdown with raw HTML off. */}
        <div className={`mt-10 ${prose}`} dangerouslySetInnerHTML={{ __html: issue.html }} />
      </article>
      <aside
        aria-labelledby="issue-subscribe-heading"
        className="mx-auto mt-16 max-w-2xl rounded-[2rem] bg-blush/50 p-7 text-center ring-1 ring-rose/15 sm:p-10"
      >
        <h2
          id="issue-subscribe-heading"
          className="font-display text-2xl font-semibold tracking-tight"
        >
          {t('campaigns.ui.issue.subscribeTitle')}
        </h2>
        <p className="mt-3 text-ink-soft">{t('campaigns.ui.issue.subscribeText')}</p>
        <a href="/#newsletter" className={`${buttonClass()} mt-6`}>
          {t('campaigns.ui.issue.subscribe')}
        </a>
      </aside>
    </div>
  )
}
