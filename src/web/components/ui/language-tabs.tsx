import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { tabForKey } from '#web/lib/tab-keys.ts'
import { languageName } from '#web/lib/language-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { FlagIcon } from './flag-icon.tsx'

export interface TabState {
  filled: boolean
  invalid: boolean
}

/**
 * The four language versions of a text (a campaign, an event's texts) as tabs, Hungarian first
 * and required (WAI-ARIA APG: arrow keys, Home and End move between them). Each tab shows whether
 * its version is written, and whether it has a field to fix; `describe` says both to a screen
 * reader, in the caller's words.
 */
export function LanguageTabs({
  label,
  selected,
  onSelect,
  states,
  describe,
  children,
}: {
  /** The tab list's name ("Language versions"). */
  label: string
  selected: Language
  onSelect: (language: Language) => void
  states: Record<Language, TabState>
  /** What a screen reader hears after the language's name (", optional, not written yet"). */
  describe: (language: Language, state: TabState) => string
  children: ReactNode
}) {
  const { i18n } = useTranslation()
  const id = useId()
  const tabs = useRef<Partial<Record<Language, HTMLButtonElement | null>>>({})

  const move = (event: KeyboardEvent, index: number) => {
    const to = tabForKey(event.key, index, LANGUAGE_CODES.length)
    if (to === undefined) return
    event.preventDefault()
    const next = LANGUAGE_CODES[to]
    if (!next) return
    onSelect(next)
    tabs.current[next]?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="grid grid-cols-4 gap-1 sm:flex">
        {LANGUAGE_CODES.map((language, index) => {
          const active = language === selected
          const state = states[language]
          const name = languageName(language, i18n.language)
          return (
            <button
              key={language}
              ref={(element) => {
                tabs.current[language] = element
              }}
              type="button"
              role="tab"
              id={`${id}-${language}-tab`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(language)}
              onKeyDown={(event) => move(event, index)}
              className={`relative flex min-w-0 flex-col items-center justify-center gap-1.5 rounded-t-2xl border-b-2 px-2 py-3 text-sm font-semibold transition sm:flex-row sm:gap-2 sm:px-4 ${active ? 'border-rose-deep bg-white text-ink' : 'border-transparent text-ink-soft hover:text-ink'}`}
            >
              <FlagIcon code={language} className="h-3.5 w-5 rounded-[3px] ring-1 ring-ink/10" />
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className="uppercase sm:hidden">
                  {language}
                </span>
                <span className="sr-only sm:not-sr-only sm:first-letter:uppercase">{name}</span>
                {language === 'hu' && (
                  <span aria-hidden="true" className="text-rose-deep">
                    *
                  </span>
                )}
                <TabMark state={state} />
              </span>
              <span className="sr-only">{describe(language, state)}</span>
            </button>
          )
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${selected}-tab`}
        className="border-t border-ink/10 pt-6"
      >
        {children}
      </div>
    </div>
  )
}

function TabMark({ state }: { state: TabState }) {
  if (state.invalid) return <span aria-hidden="true" className="size-2 rounded-full bg-rose-deep" />
  if (state.filled)
    return (
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 text-sage-deep">
        <path
          d="M3.5 8.5l3 3 6-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    )
  return <span aria-hidden="true" className="size-2 rounded-full ring-1 ring-ink/30" />
}
