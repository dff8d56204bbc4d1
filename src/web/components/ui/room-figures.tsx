import type { EveningClosing } from '#shared/live-state.ts'
import { useTranslation } from '#web/lib/use-translation.ts'

/** The big number and the room's line under it: shared by the big screen and her phone. */
export function RoomFigures({
  closing,
  size = 'screen',
}: {
  closing: EveningClosing
  size?: 'screen' | 'phone'
}) {
  const { t, i18n } = useTranslation('events')
  const number = new Intl.NumberFormat(i18n.language).format(closing.newAcquaintances)
  const screen = size === 'screen'
  return (
    <div className={screen ? 'mt-8 sm:mt-10' : 'mt-5'}>
      <p data-testid="closing-acquaintances">
        <span
          className={`block font-display leading-none font-semibold text-rose-deep tabular-nums ${screen ? 'text-[clamp(5rem,14vw,11rem)]' : 'text-7xl'}`}
        >
          {number}
        </span>
        <span className={`mt-2 block font-display ${screen ? 'text-3xl sm:text-5xl' : 'text-2xl'}`}>
          {t('closing.acquaintances', { count: closing.newAcquaintances })}
        </span>
      </p>
      <p className={`mt-3 text-ink-soft ${screen ? 'text-xl sm:text-2xl' : 'text-base'}`}>
        {t('closing.guests', { count: closing.people })} ·{' '}
        {t('closing.rounds', { count: closing.rounds })}
      </p>
    </div>
  )
}
