import { CAROUSEL_AUTO_ADVANCE_MS } from '#shared/constants.ts'
import { dotMarkClass, trackTransform } from '../features/landing/carousel-look.ts'

/**
 * The prerendered card carousel turns every 4 s before the app is there, as the app's carousel
 * does (card-carousel.tsx): never under reduced motion, not while hovered or holding focus, not
 * while hidden (the grid shows on wide screens). It stops when the app starts hydrating, which
 * takes the slide it shows over (slideShownInPage). Everything else the carousel does (its
 * buttons, dots, keys, swipes) is her reaching for it, which brings the app (src/web/boot.ts).
 */
export function turnCarousel(): void {
  const carousel = document.querySelector<HTMLElement>('[aria-roledescription="carousel"]')
  if (!carousel || matchMedia('(prefers-reduced-motion: reduce)').matches) return
  const track = carousel.querySelector<HTMLElement>('[data-testid="carousel-track"]')
  const slides = [...carousel.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')]
  const dots = [...carousel.querySelectorAll<HTMLElement>('[role="tab"]')]
  if (!track || slides.length === 0 || dots.length !== slides.length) return
  let index = Math.max(
    0,
    dots.findIndex((dot) => dot.getAttribute('aria-selected') === 'true'),
  )

  const show = (next: number) => {
    index = next
    track.style.transform = trackTransform(index)
    slides.forEach((slide, i) => (slide.inert = i !== index))
    dots.forEach((dot, i) => {
      dot.setAttribute('aria-selected', String(i === index))
      dot.tabIndex = i === index ? 0 : -1
      const mark = dot.firstElementChild
      if (mark) mark.className = dotMarkClass(i === index)
    })
  }
  const timer = window.setInterval(() => {
    const resting =
      carousel.offsetParent === null ||
      carousel.matches(':hover') ||
      carousel.contains(document.activeElement)
    if (!resting) show((index + 1) % slides.length)
  }, CAROUSEL_AUTO_ADVANCE_MS)
  addEventListener('app-hydrating', () => window.clearInterval(timer), { once: true })
}
