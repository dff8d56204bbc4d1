/**
 * The landing page's islands (decision 85): what its page needs of script while nobody has
 * reached for a control, loaded by src/web/boot.ts once the page has loaded and the browser is
 * idle, instead of the whole app. A module of its own, built by scripts/prerender.ts with
 * nothing of React, i18next or the app in it (a few KB).
 *
 * - `?lang=` is remembered and the address tidied, as the app's LanguageFromQuery does;
 * - the card carousel turns (islands/carousel.ts);
 * - a signed-in visitor gets the app at once: the header shows her own menu, /home her panel.
 *
 * The menus, the carousel's controls and the newsletter form are drawn by the server and work
 * when she reaches for them: her first key, focus, or touch of a control brings the app
 * (boot.ts), which takes the page over and answers the click that brought it.
 */
import { isLanguage } from '#shared/languages.ts'
import { rememberLanguage } from '../lib/remember-language.ts'
import { turnCarousel } from './carousel.ts'

export function startIslands({ startApp }: { startApp: () => void }): void {
  rememberLanguageFromAddress()
  turnCarousel()
  void startAppForMember(startApp)
  document.documentElement.dataset.islandsReady = ''
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
async function startAppForMember(startApp: () => void) {
  try {
    const response = await fetch('/api/session')
    if (!response.ok) return
    const { me } = (await response.json()) as { me: unknown }
    if (me) startApp()
  } catch {
    // Read again by the app when she reaches for a control; signed out meanwhile.
  }
}
