/** What a session's User-Agent says about the device: our app, or a browser on a system. */
export interface Device {
  kind: 'app' | 'browser' | 'unknown'
  /** Browser name (Chrome, Safari…); for the app, absent. */
  browser?: string
  /** System (iPhone, Android, macOS…), when the User-Agent tells it. */
  os?: string
  /** A phone or tablet, for its icon. */
  mobile: boolean
}

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]
// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

export function describeDevice(userAgent: string | null): Device {
  const ua = userAgent ?? ''
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1]
  const mobile = /iPhone|iPad|Android|Mobile/.test(ua)
  // Our apps introduce themselves as "Lendulet/<version> (<system>…)".
  if (/^Lend(?:u|ü)let\//i.test(ua)) return { kind: 'app', os, mobile: true }
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  if (!browser) return { kind: 'unknown', os, mobile }
  return { kind: 'browser', browser, os, mobile }
}
