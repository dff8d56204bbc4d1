import { describe, expect, it } from 'vitest'
import { SWIPE_THRESHOLD_PX } from '#shared/constants.ts'
import { slideAfterSwipe, turnsByItself } from './carousel-look.ts'

describe('the card carousel rules shared by the app and the landing island', () => {
  it('a swipe of the threshold or more turns one slide; a shorter one none', () => {
    expect(slideAfterSwipe(2, -SWIPE_THRESHOLD_PX)).toBe(3)
    expect(slideAfterSwipe(2, SWIPE_THRESHOLD_PX)).toBe(1)
    expect(slideAfterSwipe(2, -(SWIPE_THRESHOLD_PX - 1))).toBeUndefined()
    expect(slideAfterSwipe(2, SWIPE_THRESHOLD_PX - 1)).toBeUndefined()
  })

  it('turns by itself only when nothing holds it', () => {
    const still = { stopped: false, reducedMotion: false, hovered: false, focused: false }
    expect(turnsByItself(still)).toBe(true)
    for (const reason of ['stopped', 'reducedMotion', 'hovered', 'focused'] as const)
      expect(turnsByItself({ ...still, [reason]: true })).toBe(false)
  })
})
