import { SWIPE_THRESHOLD_PX } from '#shared/constants.ts'

/**
 * The card carousel's rules and what its state looks like in the page: one source for the React
 * carousel (card-carousel.tsx) and for the landing page's carousel island (islands/carousel.ts),
 * which turns the prerendered carousel before the app is there and hands its slide over to it.
 */

/** It turns by itself unless she stopped it, asked for less motion, or rests on it. */
export const turnsByItself = (state: {
  stopped: boolean
  reducedMotion: boolean
  hovered: boolean
  focused: boolean
}) => !state.stopped && !state.reducedMotion && !state.hovered && !state.focused

/** The slide a swipe of `distance` px (negative: to the left) leads to from `index`, if any. */
export function slideAfterSwipe(index: number, distance: number): number | undefined {
  if (distance <= -SWIPE_THRESHOLD_PX) return index + 1
  if (distance >= SWIPE_THRESHOLD_PX) return index - 1
  return undefined
}

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
