import {
  TRANSLATED_LANGUAGES,
  textsInHungarian,
  type EventTexts,
  type EventTranslations,
} from '#shared/event-texts.ts'
import { FlagIcon } from '#web/components/ui/flag-icon.tsx'
import { languageName } from '#web/lib/language-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'

/**
 * For the host, on the event's page: which languages have their own texts, and which show
 * members the Hungarian (all of it, or where a text is missing).
 */
export function EventTextLanguages({
  event,
}: {
  event: EventTexts & { translations: EventTranslations }
}) {
  const { t, i18n } = useTranslation('events')
  const inHungarian = textsInHungarian(event)
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <span id="event-text-languages" className="text-ink-soft">
        {t('page.texts')}
      </span>
      <ul aria-labelledby="event-text-languages" className="flex flex-wrap gap-2">
        {TRANSLATED_LANGUAGES.map((language) => {
          const gaps = inHungarian[language].length
          const state =
            gaps === 0 ? 'textOwn' : event.translations[language] ? 'textPartly' : 'textHungarian'
          return (
            <li
              key={language}
              className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${state === 'textOwn' ? 'bg-sage/20 text-sage-deep' : 'bg-sand text-ink-soft'}`}
            >
              <FlagIcon code={language} className="h-3 w-4 rounded-[2px] ring-1 ring-ink/10" />
              <span className="first-letter:uppercase">
                {languageName(language, i18n.language)}
              </span>
              <span aria-hidden="true">·</span>
              <span>{t(`page.${state}`)}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
