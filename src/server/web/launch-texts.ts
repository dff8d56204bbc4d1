import { createInstance } from 'i18next'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { launchText, type LaunchT, type LaunchTextId, type PublicLaunch } from '#shared/launch.ts'
import deAuth from '#shared/locales/de/auth.json' with { type: 'json' }
import deCommon from '#shared/locales/de/common.json' with { type: 'json' }
import deLanding from '#shared/locales/de/landing.json' with { type: 'json' }
import enAuth from '#shared/locales/en/auth.json' with { type: 'json' }
import enCommon from '#shared/locales/en/common.json' with { type: 'json' }
import enLanding from '#shared/locales/en/landing.json' with { type: 'json' }
import esAuth from '#shared/locales/es/auth.json' with { type: 'json' }
import esCommon from '#shared/locales/es/common.json' with { type: 'json' }
import esLanding from '#shared/locales/es/landing.json' with { type: 'json' }
import huAuth from '#shared/locales/hu/auth.json' with { type: 'json' }
import huCommon from '#shared/locales/hu/common.json' with { type: 'json' }
import huLanding from '#shared/locales/hu/landing.json' with { type: 'json' }

// The sentences that name the launch, as the server writes them into the prerendered pages and
// their heads: the same texts and the same function (shared/launch.ts) the browser renders them
// with, so the page it hydrates is the page it got.
const i18n = createInstance()
await i18n.init({
  resources: {
    hu: { common: huCommon, landing: huLanding, auth: huAuth },
    en: { common: enCommon, landing: enLanding, auth: enAuth },
    es: { common: esCommon, landing: esLanding, auth: esAuth },
    de: { common: deCommon, landing: deLanding, auth: deAuth },
  },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  supportedLngs: LANGUAGE_CODES,
  ns: ['common', 'landing', 'auth'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** One launch sentence in `language` for the site's launch setting. */
export function serverLaunchText(
  language: Language,
  id: LaunchTextId,
  launch: PublicLaunch,
): string {
  return launchText(i18n.getFixedT(language) as unknown as LaunchT, language, id, launch)
}
