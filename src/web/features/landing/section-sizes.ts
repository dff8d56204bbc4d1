import type { CSSProperties } from 'react'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/languages.ts'

/** A section's content height in rem at a phone's, a tablet's and a wide screen's width. */
type Sizes = readonly [phone: number, tablet: number, wide: number]

/**
 * The landing page's sections below the first screen hold their place by these heights until the
 * browser lays them out (`render-when-near` in styles.css). Measured per language, at 390, 800
 * and 1280 px wide: the texts' lengths differ (the trainer's bio is four lines longer in German
 * than in English on a phone), and a placeholder off by that much sends a link to #newsletter
 * past its place. landing.spec checks them against the real heights at 390 and 1280 px.
 */
const SECTION_SIZES = {
  highlights: {
    hu: [43, 54.5, 58.5],
    en: [45.5, 54.5, 57],
    es: [44.5, 54.5, 62],
    de: [45, 54.5, 60.5],
  },
  features: { hu: [53, 25, 20], en: [53, 25, 20], es: [54.5, 25, 20], de: [54.5, 25, 20] },
  trainer: {
    hu: [57, 28, 27.5],
    en: [53.5, 24.5, 27.5],
    es: [53.5, 28.5, 27.5],
    de: [57.5, 30.5, 27.5],
  },
  why: { hu: [45.5, 25, 15], en: [46, 23.5, 15], es: [47.5, 25, 16.5], de: [47.5, 25, 16.5] },
  // The app's section: no store badge yet, one, or both (each shown once its page is set).
  download: {
    hu: [14.5, 12.5, 12.5],
    en: [12.25, 12.5, 12.5],
    es: [12.25, 12.5, 12.5],
    de: [10.5, 12.5, 12.5],
  },
  downloadOneStore: {
    hu: [18.25, 12.5, 12.5],
    en: [16, 10.75, 10.75],
    es: [17.75, 12.5, 12.5],
    de: [17.75, 12.5, 12.5],
  },
  downloadTwoStores: {
    hu: [22.5, 13.75, 12.5],
    en: [20.25, 13.75, 10.75],
    es: [22, 13.75, 12.5],
    de: [22, 13.75, 12.5],
  },
  newsletter: {
    hu: [35.5, 27.5, 27.5],
    en: [35.5, 27.5, 27.5],
    es: [36.5, 27.5, 27.5],
    de: [38.5, 27.5, 27.5],
  },
} as const satisfies Record<string, Record<Language, Sizes>>

export type LandingSection = keyof typeof SECTION_SIZES

/** The custom properties `render-when-near` takes its placeholder height from. */
export function sectionSizeStyle(section: LandingSection, language: string): CSSProperties {
  const [phone, tablet, wide] =
    SECTION_SIZES[section][isLanguage(language) ? language : DEFAULT_LANGUAGE]
  return {
    '--section-phone': `${phone}rem`,
    '--section-tablet': `${tablet}rem`,
    '--section-wide': `${wide}rem`,
  } as CSSProperties
}
