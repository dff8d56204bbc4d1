import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODES } from '#shared/languages.ts'
import {
  LAUNCH_TEXTS,
  launchLastDay,
  launchPassed,
  parseLaunchDate,
  type LaunchTextId,
} from '#shared/launch.ts'
import { serverLaunchText } from './launch-texts.ts'

const text = (language: (typeof LANGUAGE_CODES)[number], id: LaunchTextId, date: string) =>
  serverLaunchText(language, id, { date, passed: false })
const IDS = Object.keys(LAUNCH_TEXTS) as LaunchTextId[]

describe('the launch date setting', () => {
  it('reads a year, a season, a month, a day or none, and nothing else', () => {
    expect(parseLaunchDate('2027')).toEqual({ precision: 'year', year: 2027 })
    expect(parseLaunchDate('2027-spring')).toEqual({
      precision: 'season',
      year: 2027,
      season: 'spring',
    })
    expect(parseLaunchDate('2027-03')).toEqual({ precision: 'month', year: 2027, month: 3 })
    expect(parseLaunchDate('2028-02-29')).toMatchObject({ precision: 'day', day: 29 })
    expect(parseLaunchDate('none')).toEqual({ precision: 'none' })
    for (const wrong of ['2027-02-29', '2027-13', '2027-00', '1999', '2101', '27', '2027-fall', ''])
      expect(parseLaunchDate(wrong), wrong).toBeNull()
  })

  it('is over the day after its last day (winter ends in February of the next year)', () => {
    const last = (value: string) => launchLastDay(parseLaunchDate(value) ?? { precision: 'none' })
    expect(last('2027')).toBe('2027-12-31')
    expect(last('2027-spring')).toBe('2027-05-31')
    expect(last('2027-winter')).toBe('2028-02-29')
    expect(last('2027-02')).toBe('2027-02-28')
    expect(last('2027-03-15')).toBe('2027-03-15')
    expect(last('none')).toBeNull()
    const over = (value: string, today: string) =>
      launchPassed(parseLaunchDate(value) ?? { precision: 'none' }, today)
    expect(over('2026', '2026-12-31')).toBe(false)
    expect(over('2026', '2027-01-01')).toBe(true)
    expect(over('2027-03-15', '2027-03-15')).toBe(false)
    expect(over('2027-03-15', '2027-03-16')).toBe(true)
    expect(over('none', '2100-01-01')).toBe(false)
  })
})

describe('the sentences that name the launch', () => {
  it('are written for every precision in every language, each naming the date', () => {
    for (const language of LANGUAGE_CODES)
      for (const id of IDS)
        for (const date of ['2027', '2027-autumn', '2027-11', '2027-11-21']) {
          const sentence = text(language, id, date)
          expect(sentence, `${language} ${id} ${date}`).toMatch(/2027/)
          expect(sentence, `${language} ${id} ${date}`).not.toMatch(/[{}_]|\w+\.\w+/)
        }
  })

  it('say the date as each language does, with Hungarian suffixes', () => {
    const hu = (id: LaunchTextId, date: string) => text('hu', id, date)
    expect(hu('badge', '2027')).toBe('Hamarosan · 2027-ben')
    expect(hu('cardsHeading', '2026')).toBe('Ez vár rád 2026-ban')
    expect(hu('cardsHeading', '2030')).toBe('Ez vár rád 2030-ban')
    expect(hu('cardsHeading', '2040')).toBe('Ez vár rád 2040-ben')
    expect(hu('cardsHeading', '2000')).toBe('Ez vár rád 2000-ben')
    expect(hu('cardsHeading', '2100')).toBe('Ez vár rád 2100-ban')
    expect(hu('badge', '2027-spring')).toBe('Hamarosan · 2027 tavaszán')
    expect(hu('footer', '2027-autumn')).toMatch(/Indulunk 2027 őszén\.$/)
    expect(hu('badge', '2027-03')).toBe('Hamarosan · 2027 márciusában')
    expect(hu('badge', '2027-03-15')).toBe('Hamarosan · 2027. március 15-én')
    expect(hu('badge', '2027-05-01')).toBe('Hamarosan · 2027. május 1-jén')
    expect(hu('badge', '2027-05-02')).toBe('Hamarosan · 2027. május 2-án')
    expect(hu('badge', '2027-05-20')).toBe('Hamarosan · 2027. május 20-án')
    expect(hu('badge', '2027-05-31')).toBe('Hamarosan · 2027. május 31-én')
    expect(hu('title', '2027')).toBe('Lendület – személyi edzés nőknek · indulás 2027-ben')
    expect(hu('signupIntro', '2027-09')).toBe(
      'Csatlakozz a Lendülethez, és legyél az elsők között, akik 2027 szeptemberében velünk edzenek.',
    )

    expect(text('en', 'badge', '2027-spring')).toBe('Coming soon · spring 2027')
    expect(text('en', 'lead', '2027-03-15')).toMatch(/open our doors on 15 March 2027\.$/)
    expect(text('en', 'signupIntro', '2027')).toBe(
      'Join Lendület and be among the first to train with us in 2027.',
    )
    expect(text('es', 'badge', '2027-spring')).toBe('Muy pronto · primavera de 2027')
    expect(text('es', 'lead', '2027-03-15')).toMatch(/el 15 de marzo de 2027\.$/)
    expect(text('de', 'cardsHeading', '2027-03')).toBe('Das erwartet dich im März 2027')
    expect(text('de', 'title', '2027-03-15')).toBe(
      'Lendület – Personal Training für Frauen · Start am 15. März 2027',
    )
  })

  it('stop naming a date that has passed, or when there is none', () => {
    for (const language of LANGUAGE_CODES)
      for (const id of IDS) {
        const passed = serverLaunchText(language, id, { date: '2026', passed: true })
        expect(passed, `${language} ${id}`).not.toMatch(/\d/)
        expect(passed, `${language} ${id}`).toBe(text(language, id, 'none'))
        expect(passed.trim(), `${language} ${id}`).not.toBe('')
      }
    expect(serverLaunchText('en', 'badge', { date: '2026', passed: true })).toBe('Coming soon')
    expect(serverLaunchText('hu', 'title', { date: '2026', passed: true })).toBe(
      'Lendület – személyi edzés nőknek · hamarosan',
    )
  })
})
