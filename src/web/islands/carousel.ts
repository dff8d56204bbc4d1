import { CAROUSEL_AUTO_ADVANCE_MS } from '#shared/constants.ts'
import { tabForKey } from '../lib/tab-keys.ts'
import {
  dotMarkClass,
  slideAfterSwipe,
  trackTransform,
  turnsByItself,
} from '../features/landing/carousel-look.ts'
import { text } from './texts.ts'

const PLAY_ICON = '<path d="M5 3.5v9l7-4.5z" fill="currentColor"/>'
const PAUSE_ICON =
  '<path d="M5 3.5v9M11 3.5v9" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>'
const GLIDE = ['transition-transform', 'duration-500', 'ease-out', 'motion-reduce:transition-none']

/**
 * The prerendered card carousel without the app (decision 95), as the app's carousel
 * (features/landing/components/card-carousel.tsx) behaves: it turns every 4 s, never under
 * reduced motion, resting while hovered or holding focus (and while hidden: the grid shows on
 * wide screens); pause and play, previous and next, the dots (one Tab stop, moved with the
 * arrows, Home and End) and a 50 px swipe. A slide she chooses stops the turning for good,
 * until she presses play.
 */
export function carousel(): void {
  const root = document.querySelector<HTMLElement>('[aria-roledescription="carousel"]')
  const track = root?.querySelector<HTMLElement>('[data-testid="carousel-track"]')
  const surface = track?.parentElement
  const slides = [...(root?.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]') ?? [])]
  const tablist = root?.querySelector<HTMLElement>('[role="tablist"]')
  const dots = [...(tablist?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])]
  const [playButton, previous, next] = [
    ...(root?.querySelectorAll<HTMLButtonElement>(':scope > div:first-child > button') ?? []),
  ]
  if (!root || !track || !surface || !tablist || !playButton || !previous || !next) return
  if (slides.length === 0 || dots.length !== slides.length) return
  const total = slides.length
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)')
  let index = Math.max(
    0,
    dots.findIndex((dot) => dot.getAttribute('aria-selected') === 'true'),
  )
  let stopped = false
  let hovered = root.matches(':hover')
  let focused = root.contains(document.activeElement)
  let timer: number | undefined
  let dragStart: number | null = null
  // The prerendered page draws "pause".
  let drawnStill = false

  const draw = (dragOffset = 0) => {
    track.style.transform = trackTransform(index, dragOffset)
    for (const name of GLIDE) track.classList.toggle(name, dragOffset === 0)
    slides.forEach((slide, i) => (slide.inert = i !== index))
    dots.forEach((dot, i) => {
      dot.setAttribute('aria-selected', String(i === index))
      dot.tabIndex = i === index ? 0 : -1
      const mark = dot.firstElementChild
      if (mark) mark.className = dotMarkClass(i === index)
    })
  }
  /** Whether it turns by itself now, and the controls that say so. */
  const update = () => {
    const still = stopped || reducedMotion.matches
    const rotating = turnsByItself({
      stopped,
      reducedMotion: reducedMotion.matches,
      hovered,
      focused,
    })
    track.setAttribute('aria-live', rotating ? 'off' : 'polite')
    playButton.setAttribute('aria-label', text(`landing:cards.${still ? 'play' : 'pause'}`))
    playButton.disabled = reducedMotion.matches
    // Drawn again only when it changes: a press whose icon is replaced under the pointer (the
    // focus it takes updates this) would never be a click.
    const icon = playButton.querySelector('svg')
    if (icon && drawnStill !== still) icon.innerHTML = still ? PLAY_ICON : PAUSE_ICON
    drawnStill = still
    // A new period of 4 s each time it starts turning again, as the app's timer does.
    if (rotating && timer === undefined)
      timer = window.setInterval(() => {
        if (root.offsetParent === null) return
        index = (index + 1) % total
        draw()
      }, CAROUSEL_AUTO_ADVANCE_MS)
    else if (!rotating && timer !== undefined) {
      window.clearInterval(timer)
      timer = undefined
    }
  }
  /** She chose this slide herself: no more turning. */
  const choose = (to: number) => {
    stopped = true
    index = (to + total) % total
    draw()
    update()
  }

  root.addEventListener('mouseenter', () => {
    hovered = true
    update()
  })
  root.addEventListener('mouseleave', () => {
    hovered = false
    update()
  })
  root.addEventListener('focusin', () => {
    focused = true
    update()
  })
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return
    focused = false
    update()
  })
  reducedMotion.addEventListener('change', update)

  playButton.addEventListener('click', () => {
    stopped = !stopped
    update()
  })
  previous.addEventListener('click', () => choose(index - 1))
  next.addEventListener('click', () => choose(index + 1))
  dots.forEach((dot, i) => dot.addEventListener('click', () => choose(i)))
  tablist.addEventListener('keydown', (event) => {
    const to = tabForKey(event.key, index, total)
    if (to === undefined) return
    event.preventDefault()
    choose(to)
    dots[to]?.focus()
  })

  surface.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    dragStart = event.clientX
  })
  surface.addEventListener('pointermove', (event) => {
    if (dragStart !== null) draw(event.clientX - dragStart)
  })
  surface.addEventListener('pointerup', (event) => {
    if (dragStart === null) return
    const distance = event.clientX - dragStart
    dragStart = null
    const to = slideAfterSwipe(index, distance)
    if (to !== undefined) choose(to)
    else draw()
  })
  surface.addEventListener('pointercancel', () => {
    dragStart = null
    draw()
  })
  surface.addEventListener('dragstart', (event) => event.preventDefault())

  draw()
  update()
}

/**
 * The page carries the cards twice, as a grid and as the carousel, and CSS shows the one that
 * fits (features/landing/components/marketing-section.tsx); as the app does once it knows the
 * screen, only that one stays in the page, and they swap when the screen crosses 1024 px.
 */
export function oneCardLayout(): void {
  const grid = document.querySelector<HTMLElement>('[data-cards-grid]')
  const carouselBox = document
    .querySelector('[aria-roledescription="carousel"]')
    ?.closest<HTMLElement>('[data-js-only]')
  const place = grid?.parentElement
  if (!grid || !carouselBox || !place || carouselBox.parentElement !== place) return
  const wide = matchMedia('(min-width: 1024px)')
  const fit = () => {
    const [shown, gone] = wide.matches ? [grid, carouselBox] : [carouselBox, grid]
    gone.remove()
    if (!shown.isConnected) place.append(shown)
  }
  fit()
  wide.addEventListener('change', fit)
}
