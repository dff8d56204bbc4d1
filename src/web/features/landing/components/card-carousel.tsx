import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { CAROUSEL_AUTO_ADVANCE_MS } from '#shared/constants.ts'
import { usePrefersReducedMotion } from '#web/lib/use-media-query.ts'
import { tabForKey } from '#web/lib/tab-keys.ts'
import { MARKETING_CARDS } from '../marketing-cards.ts'
import {
  dotMarkClass,
  slideAfterSwipe,
  slideShownInPage,
  trackTransform,
  turnsByItself,
} from '../carousel-look.ts'
import { MarketingCard } from './marketing-card.tsx'

const PAUSE_ICON = (
  <path d="M5 3.5v9M11 3.5v9" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
)
const chevron = (d: string) => (
  <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
)

function ControlButton(props: {
  label: string
  onClick: () => void
  icon: ReactNode
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
      className="grid size-10 place-items-center rounded-full border border-ink/10 bg-white text-ink transition hover:border-rose/50 hover:text-rose-deep disabled:opacity-50"
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
        {props.icon}
      </svg>
    </button>
  )
}

/**
 * The small-screen card carousel, after the WAI-ARIA APG carousel pattern with tabs: auto-advances
 * every 4 s (never under reduced motion), pauses on hover and focus, can be stopped, swiped or
 * picked by dot. The dots are one Tab stop, moved with the arrow keys, Home and End. A swipe, a
 * dot or previous/next is her choosing a slide: the rotation stops for good then (the play button
 * restarts it).
 */
export function CardCarousel() {
  const { t } = useTranslation('landing')
  const total = MARKETING_CARDS.length
  // The slide the page shows: the carousel island may have turned it before the app came.
  const [index, setIndex] = useState(slideShownInPage)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const [dragOffset, setDragOffset] = useState(0)
  const dragStart = useRef<number | null>(null)
  const reducedMotion = usePrefersReducedMotion()

  const rotating = turnsByItself({ stopped, reducedMotion, hovered, focused })
  useEffect(() => {
    if (!rotating) return
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % total),
      CAROUSEL_AUTO_ADVANCE_MS,
    )
    return () => window.clearInterval(timer)
  }, [rotating, total])

  /** She chose this slide herself (a dot, a swipe, previous or next): no more rotating. */
  const choose = (next: number) => {
    setStopped(true)
    setIndex((next + total) % total)
  }
  const onDotKey = (event: KeyboardEvent) => {
    const next = tabForKey(event.key, index, total)
    if (next === undefined) return
    event.preventDefault()
    choose(next)
    document.getElementById(`card-dot-${next}`)?.focus()
  }

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    dragStart.current = event.clientX
  }
  const onPointerMove = (event: PointerEvent) => {
    if (dragStart.current !== null) setDragOffset(event.clientX - dragStart.current)
  }
  const endDrag = (event: PointerEvent) => {
    if (dragStart.current === null) return
    const distance = event.clientX - dragStart.current
    dragStart.current = null
    setDragOffset(0)
    const to = slideAfterSwipe(index, distance)
    if (to !== undefined) choose(to)
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('cards.carouselLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      <div className="mb-4 flex items-center justify-end gap-2">
        <ControlButton
          label={stopped || reducedMotion ? t('cards.play') : t('cards.pause')}
          onClick={() => setStopped((s) => !s)}
          disabled={reducedMotion}
          icon={
            stopped || reducedMotion ? <path d="M5 3.5v9l7-4.5z" fill="currentColor" /> : PAUSE_ICON
          }
        />
        <ControlButton
          label={t('cards.previous')}
          onClick={() => choose(index - 1)}
          icon={chevron('M10 3 5 8l5 5')}
        />
        <ControlButton
          label={t('cards.next')}
          onClick={() => choose(index + 1)}
          icon={chevron('m6 3 5 5-5 5')}
        />
      </div>

      <div
        className="touch-pan-y overflow-hidden select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={() => {
          dragStart.current = null
          setDragOffset(0)
        }}
        onDragStart={(event) => event.preventDefault()}
      >
        <div
          aria-live={rotating ? 'off' : 'polite'}
          data-testid="carousel-track"
          className={`flex ${dragOffset === 0 ? 'transition-transform duration-500 ease-out motion-reduce:transition-none' : ''}`}
          style={{ transform: trackTransform(index, dragOffset) }}
        >
          {MARKETING_CARDS.map((card, i) => (
            <div
              key={card.id}
              id={`card-slide-${i}`}
              role="tabpanel"
              aria-roledescription="slide"
              aria-label={t('cards.slideLabel', { index: i + 1, total })}
              inert={i !== index}
              className="w-full shrink-0 px-0.5"
            >
              <MarketingCard id={card.id} image={card.image} />
            </div>
          ))}
        </div>
      </div>

      <div
        role="tablist"
        aria-label={t('cards.dotsLabel')}
        onKeyDown={onDotKey}
        className="mt-5 flex items-center justify-center gap-2"
      >
        {MARKETING_CARDS.map((card, i) => (
          <button
            key={card.id}
            id={`card-dot-${i}`}
            type="button"
            role="tab"
            onClick={() => choose(i)}
            aria-label={t('cards.goToSlide', { index: i + 1 })}
            aria-selected={i === index}
            aria-controls={`card-slide-${i}`}
            tabIndex={i === index ? 0 : -1}
            className="grid size-8 place-items-center rounded-full"
          >
            <span className={dotMarkClass(i === index)} />
          </button>
        ))}
      </div>
      <p className="mt-2 flex items-center justify-center gap-2 text-sm text-ink-soft">
        <span aria-hidden="true">←</span>
        {t('cards.swipeHint')}
        <span aria-hidden="true">→</span>
      </p>
    </section>
  )
}
