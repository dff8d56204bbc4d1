import { LANGUAGES, isLanguage, type Language } from '#shared/languages.ts'
import { RETURN_PATH_PARAM, safeReturnPath, withReturnPath } from '#shared/return-path.ts'
import {
  FLAG_PATHS,
  accountItemClass,
  accountMenuClass,
  checkMarkClass,
  flagClass,
  languageItemClass,
  languageMenuClass,
} from '../components/ui/header-menus-look.ts'
import { rememberLanguage } from '../lib/remember-language.ts'
import { menuButton } from './menu.ts'
import { text } from './texts.ts'

/**
 * Where focus goes on the next page load (`<path> <selector>`, read by boot.ts): back to the
 * language menu after choosing a language, which loads the page again in it.
 */
export const FOCUS_AFTER_LOAD_KEY = 'focus-after-load'

const SVG = 'http://www.w3.org/2000/svg'

function svg(
  viewBox: string,
  className: string,
  paths: readonly Record<string, string | undefined>[],
): SVGElement {
  const element = document.createElementNS(SVG, 'svg')
  element.setAttribute('viewBox', viewBox)
  element.setAttribute('aria-hidden', 'true')
  element.setAttribute('class', className)
  for (const attributes of paths) {
    const path = document.createElementNS(SVG, 'path')
    for (const [name, value] of Object.entries(attributes))
      if (value !== undefined)
        path.setAttribute(
          name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
          value,
        )
    element.append(path)
  }
  return element
}

/** As ui/flag-icon.tsx draws it. */
function flag(code: Language): SVGElement {
  const drawn = svg(
    '0 0 30 20',
    flagClass,
    FLAG_PATHS[code] as readonly Record<string, string | undefined>[],
  )
  drawn.setAttribute('preserveAspectRatio', 'none')
  return drawn
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const created = Object.assign(document.createElement(tag), properties)
  created.append(...children)
  return created
}

/**
 * The header's two menus on the landing page, without the app (decision 95): the language menu,
 * whose choice loads the page again in that language (as `?lang=` does, remembered on this
 * device), and the signed-out account menu, whose items are links. As language-menu.tsx and
 * account-menu.tsx draw them.
 */
export function headerMenus(): void {
  const language = document.querySelector<HTMLElement>('[data-menu="language"]')
  if (language) {
    const current = isLanguage(document.documentElement.lang) ? document.documentElement.lang : 'hu'
    menuButton({
      root: language,
      menuLabel: text('common:language.listLabel'),
      menuClass: languageMenuClass,
      items: (close) =>
        LANGUAGES.map(({ code, name }) => {
          const checked = code === current
          const item = element(
            'button',
            { type: 'button', tabIndex: -1, lang: code, className: languageItemClass },
            flag(code),
            element('span', { className: 'flex-1' }, name),
            element('span', { className: 'text-xs text-ink-soft uppercase' }, code),
            svg('0 0 12 12', checkMarkClass(checked), [
              {
                d: 'M2 6.5 5 9l5-6',
                fill: 'none',
                stroke: 'currentColor',
                strokeWidth: '1.8',
                strokeLinecap: 'round',
              },
            ]),
          )
          item.setAttribute('role', 'menuitemradio')
          item.setAttribute('aria-checked', String(checked))
          item.addEventListener('click', () => {
            close(true)
            if (!checked) showIn(code)
          })
          return item
        }),
    })
  }

  const account = document.querySelector<HTMLElement>('[data-menu="account"]')
  if (account) {
    const next = safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PATH_PARAM))
    menuButton({
      root: account,
      menuLabel: text('common:accountMenu.login'),
      menuClass: accountMenuClass,
      items: (close) =>
        [
          ['/login', 'common:accountMenu.loginLink', ' font-semibold'],
          ['/signup', 'common:accountMenu.signupLink', ''],
        ].map(([path = '', key = '', bold = '']) => {
          const link = element(
            'a',
            {
              href: withReturnPath(path, next),
              tabIndex: -1,
              className: `${accountItemClass}${bold}`,
            },
            text(key),
          )
          link.setAttribute('role', 'menuitem')
          link.addEventListener('click', () => close())
          return link
        }),
    })
  }
}

/** The page again in `language`: remembered here and told to the server, then loaded. */
function showIn(language: Language) {
  rememberLanguage(language)
  try {
    sessionStorage.setItem(
      FOCUS_AFTER_LOAD_KEY,
      `${window.location.pathname} [data-menu="language"] > button`,
    )
  } catch {
    // Without storage, focus starts at the top of the page in the new language.
  }
  const params = new URLSearchParams(window.location.search)
  params.set('lang', language)
  window.location.assign(`${window.location.pathname}?${params.toString()}${window.location.hash}`)
}
