/**
 * What the card carousel's state looks like in the page: one source for the React carousel
 * (card-carousel.tsx) and for the landing page's carousel island (islands/carousel.ts), which
 * turns the prerendered carousel before the app is there and hands its slide over to it.
 */
export const dotMarkClass = (current: boolean) =>
  `block h-2.5 rounded-full transition-all ${current ? 'w-6 bg-rose' : 'w-2.5 bg-ink/20'}`

export const trackTransform = (index: number, dragOffset = 0) =>
  `translateX(calc(${-index * 100}% + ${dragOffset}px))`

/** The slide the page shows now (its selected dot), 0 where there is no carousel in the page. */
export function slideShownInPage(): number {
  if (typeof document === 'undefined') return 0
  const dot = document.querySelector('[id^="card-dot-"][aria-selected="true"]')
  const index = Number(dot?.id.slice('card-dot-'.length))
  return Number.isInteger(index) ? index : 0
}
