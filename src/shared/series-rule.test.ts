import { describe, expect, it } from 'vitest'
import {
  pastDates,
  ruleHasDatesAfter,
  seriesHorizon,
  seriesOccurrences,
  seriesRuleSchema,
  siteLocalTime,
  siteTimeToInstant,
} from './series-rule.ts'

const from = new Date('2027-01-01T00:00:00Z')
const slots = (rule: unknown, start = from) =>
  seriesOccurrences(seriesRuleSchema.parse(rule), start, seriesHorizon(start)).map(
    ({ slot, startTime }) => [slot, startTime.toISOString()],
  )

describe('series rules', () => {
  it('the first Friday of each month at 19:00, in Budapest time, three months ahead', () => {
    expect(slots({ kind: 'monthly', week: '1', weekday: 5, time: '19:00' })).toEqual([
      ['2027-01-01', '2027-01-01T18:00:00.000Z'],
      ['2027-02-05', '2027-02-05T18:00:00.000Z'],
      ['2027-03-05', '2027-03-05T18:00:00.000Z'],
    ])
  })

  it('the last Sunday keeps 19:00 across the change to summer time (28 March 2027)', () => {
    expect(slots({ kind: 'monthly', week: 'last', weekday: 0, time: '19:00' })).toEqual([
      ['2027-01-31', '2027-01-31T18:00:00.000Z'],
      ['2027-02-28', '2027-02-28T18:00:00.000Z'],
      ['2027-03-28', '2027-03-28T17:00:00.000Z'],
    ])
  })

  it('the fourth Thursday, until a day: none after it', () => {
    expect(
      slots({ kind: 'monthly', week: '4', weekday: 4, time: '18:30', until: '2027-02-28' }),
    ).toEqual([
      ['2027-01-28', '2027-01-28T17:30:00.000Z'],
      ['2027-02-25', '2027-02-25T17:30:00.000Z'],
    ])
  })

  it('a list of dates: in order, one a day, within the horizon', () => {
    expect(
      slots({
        kind: 'dates',
        dates: ['2027-02-10T19:00', '2027-01-15T18:00', '2027-01-15T20:00', '2027-06-01T19:00'],
      }),
    ).toEqual([
      ['2027-01-15', '2027-01-15T17:00:00.000Z'],
      ['2027-02-10', '2027-02-10T18:00:00.000Z'],
    ])
  })

  it('a rule with no date to come, and a date in the past, are found', () => {
    const ended = seriesRuleSchema.parse({
      kind: 'monthly',
      week: '1',
      weekday: 5,
      time: '19:00',
      until: '2026-12-31',
    })
    expect(ruleHasDatesAfter(ended, from)).toBe(false)
    const empty = seriesRuleSchema.parse({ kind: 'dates', dates: [] })
    expect(ruleHasDatesAfter(empty, from)).toBe(false)
    const listed = seriesRuleSchema.parse({
      kind: 'dates',
      dates: ['2027-03-01T19:00', '2026-12-20T19:00'],
    })
    expect(pastDates(listed, from)).toEqual(['2026-12-20T19:00'])
    expect(ruleHasDatesAfter(listed, from)).toBe(true)
  })

  it('refuses weeks, days and times that do not exist', () => {
    for (const rule of [
      { kind: 'monthly', week: '5', weekday: 5, time: '19:00' },
      { kind: 'monthly', week: '1', weekday: 7, time: '19:00' },
      { kind: 'monthly', week: '1', weekday: 5, time: '24:00' },
      { kind: 'dates', dates: ['2027-02-30T19:00'] },
    ])
      expect(seriesRuleSchema.safeParse(rule).success, JSON.stringify(rule)).toBe(false)
  })

  it('a local time reads back as itself, summer, winter and the hour that comes twice', () => {
    for (const local of ['2027-07-01T19:00', '2027-12-01T19:00', '2027-10-31T02:30'])
      expect(siteLocalTime(siteTimeToInstant(local))).toBe(local)
    expect(siteTimeToInstant('2027-07-01T19:00').toISOString()).toBe('2027-07-01T17:00:00.000Z')
  })
})
