import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { EVENT_LOCK } from './event-lock.ts'
import { CHROMIUM_PATH } from './chromium.ts'

export default function globalSetup() {
  // A lock left by an interrupted run would hold every event test up.
  rmSync(EVENT_LOCK, { recursive: true, force: true })
  mkdirSync('test-results', { recursive: true })
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
  }
}
