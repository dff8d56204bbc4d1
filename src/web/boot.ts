/**
 * The prerendered pages' only script at first: scripts/prerender.ts builds it into a classic
 * script inlined at the end of each page's body (no request of its own before the first paint),
 * and the content security policy allows it by its hash. It starts the fonts and the app once
 * the page has been painted (its first contentful paint is reported): the first paint waits for
 * neither (about 90 KB of fonts, 90 KB of code), and hydration follows the paint instead of
 * racing it. A tab that is not painted (in the background) starts after 1.5 s anyway.
 *
 * Its <script> element says what to load: data-entry and data-preload. With data-after-load, the
 * page works without the app (the landing page: its newsletter form is a plain form the server
 * answers, its links are links), so the app is not part of its start: it loads once the page
 * has loaded and the browser is idle, or at her first touch, key or click if that comes sooner
 * (decision 73). With data-islands (the landing page, the privacy policy, the newsletter's
 * result pages), only that small module comes, at idle or when she reaches for a control, and it
 * does all the page does with script; the app comes for a member only, or with another page
 * (decisions 85, 95 and 102). On the account forms (data-app-at-reach) the islands bring the app
 * when she reaches for the page, and not before (decision 102). A click on one of the page's
 * own buttons before its islands or the app listen is clicked again for her once they do.
 */
;(() => {
  const script = document.currentScript
  if (!(script instanceof HTMLScriptElement)) return
  const { entry = '', preload = '', islands = '' } = script.dataset
  const afterLoad = 'afterLoad' in script.dataset
  const root = document.documentElement
  let started = false
  let appStarted = false

  const startApp = () => {
    if (appStarted) return
    appStarted = true
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    void import(/* @vite-ignore */ entry)
  }

  if (afterLoad) {
    // On a page with islands (the landing page, decisions 85 and 95), they come at idle after
    // the load, or at once when she reaches for something first: a key, or a touch, press or
    // focus at a control (a touch elsewhere is her scrolling, and a link needs no script). They
    // do all the page does with script; the app comes only for a member (the islands say so).
    // On another page that works without the app (the privacy policy), the app comes then.
    const controls = 'button, input, select, textarea, label, [aria-roledescription="carousel"]'
    const firstTouch = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const
    let islandsLoading = false
    // She has reached for the page (a key, a control), before the islands started or while
    // they were on the way: they are told so when they start (the account forms' app comes).
    let reached = false
    const bring = () => {
      if (!islands) return startApp()
      if (islandsLoading || appStarted) return
      islandsLoading = true
      void import(/* @vite-ignore */ islands).then(
        (module: {
          startIslands: (options: { startApp: () => void; reached: boolean }) => void
        }) => {
          if (!appStarted) module.startIslands({ startApp, reached })
        },
      )
    }
    const now = (event?: Event) => {
      // Not a key: only at a control (a click in the text focuses <main>, which is no reach).
      const elsewhere =
        event !== undefined &&
        event.type !== 'keydown' &&
        !(event.target instanceof Element && event.target.closest(controls))
      if (islands && elsewhere) return
      // Listened for until her reach, also while the islands load at idle.
      if (event !== undefined) {
        reached = true
        for (const type of firstTouch) removeEventListener(type, now, true)
      }
      bring()
    }
    for (const type of firstTouch) addEventListener(type, now, { capture: true, passive: true })
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => now(), { timeout: 2000 })
        : setTimeout(() => now())
    if (document.readyState === 'complete') whenIdle()
    else addEventListener('load', whenIdle, { once: true })

    // Her click on a button of the page (a menu, the carousel) before its islands or React
    // listen: clicked again once they do. The islands mark the page (data-islands-ready); main.tsx
    // says when React starts listening (app-hydrating) and when it is ready (data-app-ready).
    let pressed: Element | null = null
    let listening = false
    const note = (event: Event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null
      if (!listening && button && button.type !== 'submit') pressed = button
    }
    addEventListener('click', note, true)
    addEventListener('app-hydrating', () => {
      listening = true
      removeEventListener('click', note, true)
    })
    new MutationObserver((_, observer) => {
      if (!('appReady' in root.dataset) && !('islandsReady' in root.dataset)) return
      observer.disconnect()
      listening = true
      removeEventListener('click', note, true)
      if (pressed instanceof HTMLElement && pressed.isConnected) pressed.click()
    }).observe(root, {
      attributes: true,
      attributeFilter: ['data-app-ready', 'data-islands-ready'],
    })
  }

  // After she chose a language in the islands' menu, the page came again in it: focus where it
  // was, as the app's menu gives it back to its button; after a link on the islands' page, on
  // the new page's heading, as the app's FocusOnNavigation does (islands/islands.ts).
  try {
    // "<path> <selector>": only on the page it was meant for.
    const [path, ...selector] = (sessionStorage.getItem('focus-after-load') ?? '').split(' ')
    sessionStorage.removeItem('focus-after-load')
    if (path === location.pathname && selector.length > 0) {
      const target = document.querySelector<HTMLElement>(selector.join(' '))
      // A heading is focused as the app's FocusOnNavigation does: by script only.
      if (target && !target.hasAttribute('tabindex') && target.tabIndex < 0)
        target.setAttribute('tabindex', '-1')
      target?.focus()
    }
  } catch {
    // Without storage, nothing was kept.
  }

  const start = () => {
    if (started) return
    started = true
    if ('fontsAfterPaint' in root.dataset) {
      // Only the faces the page is set in: each family's latin file and, on a Hungarian page,
      // the small one with ő and ű (styles.css). Asking by text ('Aő') would fetch every face
      // that covers it, the two latin-ext files (120 KB) as well; other letters still come
      // when used.
      const firstRange = (face: FontFace) =>
        face.unicodeRange
          .split(',')[0]
          ?.trim()
          .toUpperCase()
          .replace(/\b0+(?=[0-9A-F])/g, '')
      const wanted = (face: FontFace) =>
        /^"?(Inter|Fraunces) Variable"?$/.test(face.family) &&
        (firstRange(face) === 'U+0-FF' || (root.lang === 'hu' && firstRange(face) === 'U+150-151'))
      Promise.all([...document.fonts].filter(wanted).map((face) => face.load())).then(
        usePartByPart,
        usePartByPart,
      )
    }

    if (!afterLoad) startApp()
  }

  /**
   * Our fonts (styles.css), taken by the page's parts one frame each, the first screen first. Set
   * again in our fonts all at once, a long page held a slow phone for one long task; part by
   * part, each is a short one. A short page (two screens at most: the account forms, the
   * newsletter's result pages) takes them at once: each part's step costs a restyle and a layout
   * of its own, which there cost more than the one step (decision 104).
   */
  const usePartByPart = () => {
    const app = document.getElementById('root')
    if (app && root.scrollHeight <= 2 * innerHeight) {
      app.dataset.fontsReady = ''
      return
    }
    const parts = [
      ...document.querySelectorAll<HTMLElement>('#root header, #main > *, #root footer'),
    ]
    const first = document.getElementById('main')?.firstElementChild
    const steps = [parts.filter((part) => part.localName === 'header' || part === first)]
    for (const part of parts) if (!steps[0]?.includes(part)) steps.push([part])
    const next = () => {
      const step = steps.shift()
      if (!step) {
        // The whole app last, for what it draws later. Not by dropping the page's mark: that
        // would restyle every element again (the mark's values are inherited by all).
        if (app) app.dataset.fontsReady = ''
        for (const part of parts) delete part.dataset.fontsReady
        return
      }
      for (const part of step) part.dataset.fontsReady = ''
      // The frame that sets this part, then the next part in a task after it.
      requestAnimationFrame(() => setTimeout(next, 0))
    }
    next()
  }

  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      start()
    }).observe({ type: 'paint', buffered: true })
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0))
  }
  setTimeout(start, 1500)
})()
