import { describe, expect, it } from 'vitest'
import { describeDevice } from './device-name.ts'

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { kind: 'browser', browser: 'Chrome', os: 'macOS', mobile: false },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { kind: 'browser', browser: 'Safari', os: 'iPhone', mobile: true },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { kind: 'browser', browser: 'Edge', os: 'Windows', mobile: false },
    ],
    [
      'Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
      { kind: 'browser', browser: 'Firefox', os: 'Android', mobile: true },
    ],
    ['Lendulet/1.0 (iPhone; iOS 18.1)', { kind: 'app', os: 'iPhone', mobile: true }],
    ['curl/8.5.0', { kind: 'unknown', os: undefined, mobile: false }],
    [null, { kind: 'unknown', os: undefined, mobile: false }],
  ])('%s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toEqual(expected)
  })
})
