import type { CampaignStatus } from '#shared/schemas/campaigns.ts'
import { useTranslation } from '#web/lib/use-translation.ts'

const styles: Record<CampaignStatus, string> = {
  draft: 'bg-sand text-ink-soft',
  scheduled: 'bg-gold/25 text-ink',
  sending: 'bg-rose-deep text-white',
  paused: 'bg-blush text-rose-deep',
  sent: 'bg-sage/20 text-sage-deep',
  cancelled: 'bg-ink/10 text-ink-soft',
}

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('newsletter')
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${styles[status]}`}
    >
      {status === 'sending' && (
        <span
          aria-hidden="true"
          className="size-1.5 rounded-full bg-white motion-safe:animate-pulse"
        />
      )}
      {t(`campaigns.ui.status.${status}`)}
    </span>
  )
}
