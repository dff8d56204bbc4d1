import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isoTimeOncePerMs } from './logger.ts'

describe("a log line's time", () => {
  afterEach(() => vi.useRealTimers())

  it("is pino's ISO time, made once per millisecond", () => {
    const time = isoTimeOncePerMs()
    vi.useFakeTimers({ now: new Date('2026-03-01T12:34:56.789Z') })
    const first = time()
    expect(first).toBe(pino.stdTimeFunctions.isoTime())
    expect(first).toBe(',"time":"2026-03-01T12:34:56.789Z"')
    expect(time()).toBe(first)
    vi.setSystemTime(new Date('2026-03-01T12:34:56.790Z'))
    expect(time()).toBe(',"time":"2026-03-01T12:34:56.790Z"')
    expect(time()).toBe(pino.stdTimeFunctions.isoTime())
  })
})
