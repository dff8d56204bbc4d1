import { useTranslation } from '#web/lib/use-translation.ts'
import { CARD_IMAGE_SIZE, type MarketingCardId } from '../marketing-cards.ts'

export function MarketingCard({ id, image }: { id: MarketingCardId; image: string }) {
  const { t } = useTranslation('landing')
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-ink/5">
      <img
        src={image}
        alt={t(`cards.${id}.imageAlt`)}
        width={CARD_IMAGE_SIZE.width}
        height={CARD_IMAGE_SIZE.height}
        loading="lazy"
        decoding="async"
        className="aspect-[32/21] w-full bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-6">
        <h3 className="font-display text-xl font-semibold tracking-tight">
          {t(`cards.${id}.title`)}
        </h3>
        <p className="text-[0.95rem] leading-relaxed text-ink-soft">{t(`cards.${id}.text`)}</p>
      </div>
    </article>
  )
}
