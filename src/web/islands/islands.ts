/**
 * The landing page's islands (decisions 85 and 95), also those of the privacy policy and the
 * newsletter's result pages (decision 102): everything their page does with script for a
 * visitor who is signed out, in plain DOM code, without React, i18next or the app. Loaded by
 * src/web/boot.ts once the page has loaded and the browser is idle, or at once when she reaches
 * for a control before that; built by scripts/prerender.ts as a module of its own (a few KB).
 *
 * - `?lang=` is remembered and the address tidied, as the app's LanguageFromQuery does;
 * - a signed-in visitor, or one the route guard sent here to sign in (`?next=`), gets the app:
 *   the header shows her own menu, /home her panel, the notice the way back;
 * - on the account forms, the app when she reaches for the page (appAtReach);
 * - for everyone else: the card carousel (islands/carousel.ts), the header's menus
 *   (islands/header-menus.ts), the newsletter form (islands/newsletter-form.ts), the result of a
 *   newsletter link (islands/token-result.ts) and the privacy policy's document
 *   (islands/privacy-document.ts), each where its page has it. Then the page is marked
 *   `data-islands-ready`, and a button she pressed before is pressed again (boot.ts).
 *
 * The app comes only with a page that needs it: a link from here is a page load, which starts
 * her at its heading as the app's screens do (focusHeadingAfterLinks).
 */
import { isLanguage } from '#shared/languages.ts'
import { RETURN_PATH_PARAM } from '#shared/return-path.ts'
import { rememberLanguage } from '../lib/remember-language.ts'
import { carousel, oneCardLayout } from './carousel.ts'
import { FOCUS_AFTER_LOAD_KEY, headerMenus } from './header-menus.ts'
import { newsletterForm } from './newsletter-form.ts'
import { privacyDocument } from './privacy-document.ts'
import { tokenResult } from './token-result.ts'

export function startIslands({
  startApp,
  reached = false,
}: {
  startApp: () => void
  /** She reached for the page (a key, a control); else the browser was idle (boot.ts). */
  reached?: boolean
}): void {
  const sentToSignIn = new URLSearchParams(window.location.search).has(RETURN_PATH_PARAM)
  rememberLanguageFromAddress()
  if (sentToSignIn) return startApp()
  if (document.querySelector('script[data-app-at-reach]')) return appAtReach(startApp, reached)
  void signedIn().then((member) => {
    if (member) return startApp()
    carousel()
    oneCardLayout()
    headerMenus()
    newsletterForm()
    tokenResult()
    privacyDocument()
    focusHeadingAfterLinks()
    document.documentElement.dataset.islandsReady = ''
  })
}

/**
 * The account forms (sign-in, sign-up, a forgotten password; decision 102) are the app's: it
 * comes when she reaches for the page (a key, or a touch, press or focus at a control: what she
 * types meanwhile is kept, lib/keep-typed-input.ts), at once for a signed-in member or an address
 * the app must read (Google's second step), and not for a visitor who only looks.
 */
function appAtReach(startApp: () => void, reached: boolean) {
  // What is left after ?lang= (taken off above) is for the app: ?step=two-factor and the like.
  if (reached || window.location.search !== '') return startApp()
  const controls = 'button, input, select, textarea, label'
  const reach = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const type of reach) removeEventListener(type, onReach, true)
    startApp()
  }
  const onReach = (event: Event) => {
    if (
      event.type === 'keydown' ||
      (event.target instanceof Element && event.target.closest(controls))
    )
      start()
  }
  for (const type of reach) addEventListener(type, onReach, { capture: true, passive: true })
  void signedIn().then((member) => {
    if (member) start()
  })
}

/** `?lang=` as the app applies it (lib/i18n.ts): remembered on this device, then taken off the address. */
function rememberLanguageFromAddress() {
  const params = new URLSearchParams(window.location.search)
  if (!params.has('lang')) return
  const requested = params.get('lang')
  // The server has served the page in that language already (its <html lang>).
  if (isLanguage(requested)) rememberLanguage(requested)
  params.delete('lang')
  const rest = params.toString()
  const address = `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`
  window.history.replaceState(window.history.state, '', address)
}

/** The session, read once: a signed-in member's page is the app's (her menu, her panel). */
async function signedIn(): Promise<boolean> {
  try {
    const response = await fetch('/api/session')
    if (!response.ok) return false
    const { me } = (await response.json()) as { me: unknown }
    return Boolean(me)
  } catch {
    // Signed out, as far as this page can tell: its controls work without her session.
    return false
  }
}

/**
 * A link to another page of the site, followed from here, is a page load (the app would take
 * this page over first): the new page gives focus to its heading once drawn (boot.ts), as a
 * screen the app shows after a link does (components/layout/focus-on-navigation.tsx).
 */
function focusHeadingAfterLinks() {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || link.target) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    const to = new URL(link.href)
    if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return
    try {
      sessionStorage.setItem(FOCUS_AFTER_LOAD_KEY, `${to.pathname} #main h1`)
    } catch {
      // Without storage, the new page starts at its top.
    }
  })
}
