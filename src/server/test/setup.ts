import { afterEach, vi } from 'vitest'

// A test that makes the code log console.error fails: errors must be handled, not printed.
const errorSpy = vi.spyOn(console, 'error')
afterEach(() => {
  const calls = errorSpy.mock.calls
  errorSpy.mockClear()
  if (calls.length > 0)
    throw new Error(`console.error was called:\n${calls.map((c) => c.join(' ')).join('\n')}`)
})
