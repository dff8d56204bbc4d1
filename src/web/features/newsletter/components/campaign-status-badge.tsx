import type { CampaignStatus } from '#shared/schemas/campaigns.ts'
import { StatusPill } from '#web/components/ui/status-pill.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

const tones: Record<CampaignStatus, string> = {
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
    <StatusPill tone={tones[status]} pulse={status === 'sending'}>
      {t(`campaigns.ui.status.${status}`)}
    </StatusPill>
  )
}
