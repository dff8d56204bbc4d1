import { eventText } from '#shared/event-texts.ts'
import type { LiveState } from '#shared/live-state.ts'
import { RoomFigures } from '#web/components/ui/room-figures.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

/**
 * The big screen once the host has ended the evening (decision 63): thanks, the evening's
 * name in the screen's language, and how many new acquaintances the room made tonight.
 */
export function EveningClosingScreen({ state }: { state: LiveState }) {
  const { t, i18n } = useTranslation('events')
  const name = eventText(state.event, 'eventName', i18n.language)
  const closing = state.closing
  return (
    <section
      aria-labelledby="closing-heading"
      data-testid="evening-closing"
      className="mx-auto my-auto w-full max-w-4xl rounded-[2.5rem] bg-white/75 px-8 py-10 text-center shadow-xl shadow-rose/10 ring-1 ring-white/60 backdrop-blur-md sm:px-14 sm:py-14"
    >
      <p
        lang={name.language}
        className="text-lg font-semibold tracking-[0.18em] text-rose-deep uppercase sm:text-2xl"
      >
        {name.text}
      </p>
      <h1
        id="closing-heading"
        className="mt-4 font-display text-5xl font-semibold tracking-tight text-balance text-ink sm:text-7xl"
      >
        {t('closing.title')}
      </h1>
      {closing && closing.newAcquaintances > 0 && <RoomFigures closing={closing} />}
      <p className="mt-8 text-xl text-ink-soft sm:text-3xl">{t('closing.farewell')}</p>
    </section>
  )
}
