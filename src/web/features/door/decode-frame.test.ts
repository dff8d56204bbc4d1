import { describe, expect, it } from 'vitest'
import { qrImageFrame } from '../../../../e2e/support/fake-camera.ts'
import { decodeFrame } from './decode-frame.ts'

describe('decodeFrame', () => {
  it('reads the member code from a frame of the fake camera', () => {
    expect(decodeFrame(qrImageFrame('K7M4QX'))).toBe('K7M4QX')
  })

  it('reads a code filling a small, square frame', () => {
    expect(decodeFrame(qrImageFrame('23456789', 120, 120))).toBe('23456789')
  })

  it('reads a dim, grainy picture of a code, as a phone camera takes a screen', () => {
    const frame = qrImageFrame('HJKMNP')
    let seed = 1
    const noise = () => ((seed = (seed * 48271) % 2147483647) % 61) - 30
    frame.data.forEach((value, i) => {
      if (i % 4 !== 3) frame.data[i] = 70 + value * 0.5 + noise()
    })
    expect(decodeFrame(frame)).toBe('HJKMNP')
  })

  it('answers null for a frame without a code', () => {
    const width = 64
    const height = 48
    const blank = { data: new Uint8ClampedArray(width * height * 4).fill(240), width, height }
    expect(decodeFrame(blank)).toBeNull()
  })
})
