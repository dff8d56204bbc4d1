import { expect, type Page } from '@playwright/test'

/**
 * Walking a page with the keyboard alone: Tab, Shift+Tab, Enter, Space, Escape, arrows and typed
 * text, never a click or a focus() call. At every step focus must be on a visible element, never
 * on <body>; the step's checks name the focused element as a screen reader would announce it.
 */

export interface Focused {
  /** Focus is nowhere: on <body> or the document itself. */
  lost: boolean
  visible: boolean
  /** A focus ring of at least 2 px shows it (not needed on a heading or message). */
  ring: boolean
  /** The element, for failure messages: tag, id, role and text. */
  what: string
  /** Its accessible name, roughly (labels, aria-label(ledby), alt, text): to find a stop by. */
  name: string
}

export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body || element === document.documentElement)
      return { lost: true, visible: false, ring: false, what: 'body', name: '' }
    const html = element as HTMLElement
    const inSight = (target: HTMLElement) => {
      const rect = target.getBoundingClientRect()
      const style = getComputedStyle(target)
      return (
        target.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        rect.width > 1 &&
        rect.height > 1 &&
        style.clipPath !== 'inset(50%)' &&
        style.clip !== 'rect(0px, 0px, 0px, 0px)' &&
        rect.bottom > 0 &&
        rect.right > 0 &&
        rect.top < window.innerHeight &&
        rect.left < window.innerWidth
      )
    }
    // A ring of at least 2 px, on the element or, for a visually hidden input (a switch, a file
    // picker), on its label or what the label draws.
    const ringOn = (target: Element) => {
      const style = getComputedStyle(target)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
    }
    const labelsOf = 'labels' in html ? [...((html as HTMLInputElement).labels ?? [])] : []
    const own = inSight(html)
    const proxies = own ? [] : labelsOf.filter(inSight)
    const visible = own || proxies.length > 0
    // Where focus is put after a change (a heading, a message) needs no ring: it is no control.
    const isPlace =
      /^H[1-6]$/.test(html.tagName) ||
      ['status', 'alert'].includes(html.getAttribute('role') ?? '') ||
      html.tagName === 'MAIN'
    const ring =
      isPlace ||
      ringOn(html) ||
      proxies.some((label) => ringOn(label) || [...label.querySelectorAll('*')].some(ringOn))
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    const name = (
      html.getAttribute('aria-label') ||
      byIds(html.getAttribute('aria-labelledby')) ||
      labelsOf.map((label) => label.textContent ?? '').join(' ') ||
      html.getAttribute('alt') ||
      html.textContent ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
    const what = `<${html.tagName.toLowerCase()}${html.id ? `#${html.id}` : ''}${
      html.getAttribute('role') ? ` role=${html.getAttribute('role')}` : ''
    }> "${name.slice(0, 60)}"`
    return { lost: false, visible, ring, what, name }
  })
}

/** Focus is on a visible element, not on <body>: checked after every key. */
export async function expectFocusInSight(page: Page, step: string) {
  let now = await focused(page)
  expect(now.lost, `${step}: focus fell to <body>`).toBe(false)
  // The page scrolls smoothly to what took focus: give it the time the scroll takes.
  // (and the ring's colour fades in with the control's transition)
  // Up to 3 s: a loaded machine (a CI run on two cores) draws the scroll slowly.
  for (let wait = 0; !(now.visible && now.ring) && wait < 30; wait++) {
    await page.waitForTimeout(100)
    now = await focused(page)
  }
  expect(now.visible, `${step}: focus is on an element out of sight: ${now.what}`).toBe(true)
  expect(now.ring, `${step}: focus on ${now.what} shows no ring`).toBe(true)
  return now
}

/**
 * Tabs (or Shift+Tabs) until focus is on the element named `name`, checking every stop on the
 * way. Fails after `max` stops. Returns how many it took.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { max = 30, back = false }: { max?: number; back?: boolean } = {},
): Promise<number> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text))
  const path: string[] = []
  for (let stop = 1; stop <= max; stop++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const now = await expectFocusInSight(
      page,
      `Tab ${stop} towards "${name}", after\n${path.join('\n')}\n`,
    )
    path.push(now.what)
    if (matches(now.name)) return stop
  }
  throw new Error(`"${name}" was not reached in ${max} Tabs. The stops:\n${path.join('\n')}`)
}

/** Presses a key, then waits until focus has settled on the element named `name`. */
export async function pressAndExpectFocus(page: Page, key: string, name: string | RegExp) {
  await page.keyboard.press(key)
  await expectFocusOn(page, name)
}

/** Focus is (or soon is) on the visible element a screen reader would announce as `name`. */
export async function expectFocusOn(page: Page, name: string | RegExp, timeout = 10_000) {
  const active = page.locator(':focus')
  await expect(active).toHaveAccessibleName(name, { timeout })
  await expectFocusInSight(page, `focus on "${name}"`)
  return active
}

/**
 * Records, from now on in this document, every time focus stays on <body> for more than a few
 * frames (a button that went away and took focus with it). `lostFocus` reads the record.
 */
export async function watchFocus(page: Page) {
  await page.evaluate(() => {
    const record: string[] = []
    Object.assign(window, { __lostFocus: record })
    let frames = 0
    let last = ''
    // From the first stop on: before it, focus is on <body>, as on any page just opened.
    let armed = document.activeElement !== document.body
    document.addEventListener('focusin', () => (armed = true), true)
    document.addEventListener(
      'focusout',
      (event) => {
        const from = event.target as HTMLElement
        last = `<${from.tagName.toLowerCase()}> "${(from.textContent ?? '').trim().slice(0, 60)}"`
      },
      true,
    )
    const check = () => {
      const lost =
        armed && (document.activeElement === document.body || document.activeElement === null)
      frames = lost ? frames + 1 : 0
      // About a fifth of a second: longer than a change of screen takes to put focus back.
      if (frames === 12) record.push(`focus fell to <body> after ${last}`)
      requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
}

export async function lostFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __lostFocus?: string[] }).__lostFocus ?? [])
}

/**
 * Waits two frames: whatever the page does once an answer has come (React's effects, a move of
 * focus) has been done by then, so that an expectation that passes at once is not early.
 */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  )
}
