import { useEffect, useRef, type ReactNode } from 'react'
import type { CampaignStatus } from '#shared/schemas/campaigns.ts'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { CampaignStatusBadge } from './campaign-status-badge.tsx'

/** The white card a campaign screen's parts sit on. */
export const campaignCard = 'rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-7'

/** One campaign's screen: the way back to the list, its subject and status, then its parts. */
export function CampaignPage({
  title,
  status,
  beside,
  arrived = false,
  children,
}: {
  title: string
  status?: CampaignStatus
  /** Shown after the status (the live mark). */
  beside?: ReactNode
  /**
   * The screen took the place of another one at the same address (the editor, once the campaign
   * went out): it is shown from its top, and a screen reader hears its heading.
   */
  arrived?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation('newsletter')
  useDocumentTitle(`${title} – Lendület`)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!arrived) return
    window.scrollTo({ top: 0 })
    heading.current?.focus()
  }, [arrived])
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 sm:px-8 sm:py-12">
      <BackLink href="/admin/newsletter/campaigns">{t('campaigns.ui.editor.back')}</BackLink>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1
          ref={heading}
          tabIndex={-1}
          className="font-display text-3xl outline-none font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-4xl"
        >
          {title}
        </h1>
        {status && (
          <span data-testid="campaign-status">
            <CampaignStatusBadge status={status} />
          </span>
        )}
        {beside}
      </div>
      {children}
    </div>
  )
}
