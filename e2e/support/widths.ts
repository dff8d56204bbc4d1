import { test } from './fixtures.ts'

/**
 * The two widths the browser tests run at (playwright.config.ts's projects): her phone, 390 px,
 * and a desk's screen, 1280 px.
 */
export type Width = 'phone' | 'desktop'

const PIXELS: Record<Width, number> = { phone: 390, desktop: 1280 }

const why = (width: Width, who: string) => `${who}: the ${PIXELS[width]} px page (decision 106)`

/**
 * A journey is walked at the width its person holds the page (decision 106): a member, a friend
 * she invites and the host at the door on a phone; the owner at her desk. What every visitor sees
 * first (the public pages, the header and footer, the languages, a page coming to life) and the
 * evening's pages that both the host and the room use stay at both widths.
 *
 * Called at the top of a spec file or of a `test.describe` block: its tests run at that width only.
 */
export function atWidth(width: Width, who: string) {
  test.skip(({ isMobile }) => isMobile !== (width === 'phone'), why(width, who))
}

/** `atWidth` for one test of a file whose other tests run elsewhere: called first in its body. */
export function thisTestAtWidth(width: Width, who: string) {
  test.skip(test.info().project.name !== width, why(width, who))
}
