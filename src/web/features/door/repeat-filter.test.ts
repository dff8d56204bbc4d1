import { describe, expect, it } from 'vitest'
import { createRepeatFilter, SCAN_REPEAT_MS } from './repeat-filter.ts'

describe('createRepeatFilter', () => {
  it('reports a code held in front of the camera once', () => {
    const isNew = createRepeatFilter()
    const sightings = Array.from({ length: 40 }, (_, i) => isNew('K7M4QX', i * 220))
    expect(sightings.filter(Boolean)).toHaveLength(1)
    expect(sightings[0]).toBe(true)
  })

  it('reports the same code again after 3 s without it', () => {
    const isNew = createRepeatFilter()
    expect(isNew('K7M4QX', 0)).toBe(true)
    expect(isNew('K7M4QX', SCAN_REPEAT_MS - 1)).toBe(false)
    expect(isNew('K7M4QX', 2 * SCAN_REPEAT_MS - 1)).toBe(true)
  })

  it('reports another code at once, and the first one again after it', () => {
    const isNew = createRepeatFilter()
    expect(isNew('K7M4QX', 0)).toBe(true)
    expect(isNew('23456A', 100)).toBe(true)
    expect(isNew('K7M4QX', 200)).toBe(true)
  })
})
