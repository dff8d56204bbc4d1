import { useLocation } from 'wouter'
import { useTranslation } from '../../lib/use-translation.ts'
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '../../../shared/languages.ts'
import { FlagIcon } from '../ui/flag-icon.tsx'
import { Menu, MenuItemRadio } from '../ui/menu.tsx'
import {
  checkMarkClass,
  flagClass,
  languageItemClass,
  languageMenuClass,
} from '../ui/header-menus-look.ts'

export function LanguageMenu() {
  const { i18n } = useTranslation()
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE

  return (
    <>
      {/* Without JavaScript the menu cannot open (the page's no-script style hides it): the
          languages are plain links in its place (decision 73). */}
      <div data-js-only="" className="contents">
        <LanguageChoices current={current} />
      </div>
      <noscript>
        <LanguageLinks current={current} />
      </noscript>
    </>
  )
}

/** The four languages as links to this page in each: what works before and without the app. */
function LanguageLinks({ current }: { current: string }) {
  const { t } = useTranslation()
  const [path] = useLocation()
  return (
    // Two rows of two on a phone, where the header has no room for four in a row.
    <nav
      aria-label={t('language.listLabel')}
      className="grid grid-cols-2 text-xs font-medium sm:flex sm:items-center sm:text-sm"
    >
      {LANGUAGES.map((language) => (
        <a
          key={language.code}
          href={`${path}?lang=${language.code}`}
          hrefLang={language.code}
          lang={language.code}
          aria-current={language.code === current ? 'page' : undefined}
          className="rounded-full px-2 py-1 text-center uppercase underline-offset-4 hover:underline aria-[current=page]:font-bold aria-[current=page]:text-rose-deep sm:py-2.5"
        >
          {language.code}
          <span className="sr-only"> – {language.name}</span>
        </a>
      ))}
    </nav>
  )
}

function LanguageChoices({ current }: { current: (typeof LANGUAGES)[number]['code'] }) {
  const { t, i18n } = useTranslation()
  const currentOption = LANGUAGES.find((l) => l.code === current) ?? LANGUAGES[0]
  return (
    <Menu
      // The visible code starts the name, so voice control finds the button by what it shows.
      triggerLabel={`${currentOption.code.toUpperCase()} – ${t('language.menuLabel', { name: currentOption.name })}`}
      menuLabel={t('language.listLabel')}
      triggerClassName="flex h-10 items-center gap-2 rounded-full border border-ink/10 bg-white/70 px-2.5 text-sm sm:px-3 font-medium transition hover:border-rose/40 hover:bg-white data-[state=open]:border-rose/50 data-[state=open]:bg-white"
      menuClassName={languageMenuClass}
      // The landing page's menu island finds it by this name (islands/header-menus.ts).
      name="language"
      triggerContent={
        <>
          <FlagIcon code={currentOption.code} className={flagClass} />
          <span className="uppercase">{currentOption.code}</span>
          <svg
            viewBox="0 0 12 12"
            aria-hidden="true"
            className="hidden size-3 text-ink-soft sm:block"
          >
            <path
              d="M2.5 4.5 6 8l3.5-3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
          </svg>
        </>
      }
    >
      {(close) =>
        LANGUAGES.map((language) => (
          <MenuItemRadio
            key={language.code}
            checked={language.code === current}
            lang={language.code}
            onSelect={() => {
              void i18n.changeLanguage(language.code)
              close()
            }}
            className={languageItemClass}
          >
            <FlagIcon code={language.code} className={flagClass} />
            <span className="flex-1">{language.name}</span>
            <span className="text-xs text-ink-soft uppercase">{language.code}</span>
            <svg
              viewBox="0 0 12 12"
              aria-hidden="true"
              className={checkMarkClass(language.code === current)}
            >
              <path
                d="M2 6.5 5 9l5-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
          </MenuItemRadio>
        ))
      }
    </Menu>
  )
}
