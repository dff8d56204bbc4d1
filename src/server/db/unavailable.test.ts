import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  noteDatabaseUnavailable,
  unavailableReason,
  watchDatabase,
} from './unavailable.ts'

const coded = (code: string, message = `error ${code}`) =>
  Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'ENOTFOUND',
    'CONNECT_TIMEOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    '08000',
    '08001',
    '08006',
    '08P01',
    '57P01',
    '57P02',
    '57P03',
    '53300',
  ])('recognises %s', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true)
  })

  it.each([
    ['a unique violation', coded('23505')],
    ['a missing table', coded('42P01')],
    ['a cancelled statement', coded('57014')],
    ['a disk full', coded('53100')],
    ['an API error code', coded('not_found')],
    ['a plain error', new Error('boom')],
    ['a numeric code', Object.assign(new Error('x'), { code: 8006 })],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['undefined', undefined],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('looks through Drizzle’s wrapper and other causes', () => {
    const wrapped = new DrizzleQueryError('select 1', [], coded('57P01'))
    expect(isDatabaseUnavailable(wrapped)).toBe(true)
    const deeper = new Error('outer', {
      cause: new Error('middle', { cause: coded('ECONNRESET') }),
    })
    expect(isDatabaseUnavailable(deeper)).toBe(true)
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], coded('23505')))).toBe(false)
  })

  it('looks into an AggregateError (a connection tried on several addresses)', () => {
    const aggregate = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'failed')
    expect(isDatabaseUnavailable(aggregate)).toBe(true)
  })

  it('recognises the gate’s own refusal', () => {
    expect(isDatabaseUnavailable(new DatabaseUnavailableError(coded('ECONNREFUSED')))).toBe(true)
    expect(isDatabaseUnavailable(new DatabaseUnavailableError())).toBe(true)
  })

  it('ends on a cycle of causes', () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(isDatabaseUnavailable(a)).toBe(false)
  })
})

describe('unavailableReason', () => {
  it('names the driver’s code and message, never the query or its parameters', () => {
    const wrapped = new DrizzleQueryError(
      'insert into newsletter_subscribers (email) values ($1)',
      ['someone@example.com'],
      coded('57P01', 'terminating connection due to administrator command'),
    )
    const reason = unavailableReason(wrapped)
    expect(reason).toBe('57P01: terminating connection due to administrator command')
    expect(reason).not.toContain('example.com')
  })
})

describe('watchDatabase', () => {
  it('tells whether the work ran into an unavailable database, each run on its own', async () => {
    const [failing, fine] = await Promise.all([
      watchDatabase(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        noteDatabaseUnavailable()
        return 'a'
      }),
      watchDatabase(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10))
        return 'b'
      }),
    ])
    expect(failing).toEqual({ value: 'a', databaseUnavailable: true })
    expect(fine).toEqual({ value: 'b', databaseUnavailable: false })
    // Outside any watch, a note goes nowhere.
    expect(() => noteDatabaseUnavailable()).not.toThrow()
  })
})
