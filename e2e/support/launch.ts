import type { Language } from '#shared/languages.ts'
import type { LaunchTextId } from '#shared/launch.ts'
import { dayInBudapest, launchIsOver } from '#server/settings/site-values.ts'
import { serverLaunchText } from '#server/web/launch-texts.ts'

/** A test site's launch date when nobody has set one (LAUNCH_DATE's default). */
export const DEFAULT_LAUNCH_DATE = '2027'

/**
 * A sentence that names the launch as a visitor reads it today, for a launch date (the default:
 * a test site's own): the server's sentence, from the real locale files.
 */
export function launchText(language: Language, id: LaunchTextId, date = DEFAULT_LAUNCH_DATE) {
  const passed = launchIsOver(date, dayInBudapest(new Date()))
  return serverLaunchText(language, id, { date, passed })
}
