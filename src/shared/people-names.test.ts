import { describe, expect, it } from 'vitest'
import {
  callName,
  distinctLabels,
  familyNameFirst,
  fullNameOf,
  nameKey,
  nameMatches,
  sortByName,
} from './people-names.ts'

const sorted = (names: string[], language = 'hu') => sortByName(names, (name) => name, language)

describe('sortByName', () => {
  it('orders names the way Hungarian does', () => {
    expect(sorted(['Gulyás Gábor', 'Gál Anna'])).toEqual(['Gál Anna', 'Gulyás Gábor'])
    expect(sorted(['Molnár Mária', 'Mészáros Márk'])).toEqual(['Mészáros Márk', 'Molnár Mária'])
    // Á is no letter of its own: Ábel sorts among the A's, not after Z.
    expect(sorted(['Zala Zoé', 'Antal Bea', 'Ábel Dóra', 'Balogh Cili'])).toEqual([
      'Ábel Dóra',
      'Antal Bea',
      'Balogh Cili',
      'Zala Zoé',
    ])
  })

  it('keeps Ö a letter of its own in Hungarian, after O', () => {
    expect(sorted(['Ördög Ödön', 'Oláh Ottó', 'Pap Piroska'])).toEqual([
      'Oláh Ottó',
      'Ördög Ödön',
      'Pap Piroska',
    ])
  })

  it('sorts a copy, by what nameOf gives', () => {
    const people = [{ name: 'Tóth Cili' }, { name: 'Kiss Anna' }]
    expect(sortByName(people, (p) => p.name, 'hu').map((p) => p.name)).toEqual([
      'Kiss Anna',
      'Tóth Cili',
    ])
    expect(people[0]?.name).toBe('Tóth Cili')
  })
})

describe('nameMatches', () => {
  it('finds a name without regard to accents or case', () => {
    expect(nameMatches('Nagy Eszter', 'eszter')).toBe(true)
    expect(nameMatches('NAGY ESZTÉR', 'eszter')).toBe(true)
    expect(nameMatches('Nagy Eszter', 'NAGY  ESZTER')).toBe(true)
    expect(nameMatches('Nagy Eszter', 'Kiss')).toBe(false)
  })

  it('lets an empty query match everyone', () => {
    expect(nameMatches('Nagy Eszter', '  ')).toBe(true)
  })

  it('compares names by a plain key', () => {
    expect(nameKey('  Ábel   DÓRA ')).toBe('abel dora')
  })
})

describe('distinctLabels', () => {
  it('leaves unique names as they are', () => {
    const labels = distinctLabels([
      { id: '1', name: 'Kiss Anna', code: 'K7M2QP' },
      { id: '2', name: 'Nagy Bea', code: 'X4T9LA' },
    ])
    expect(labels).toEqual(
      new Map([
        ['1', 'Kiss Anna'],
        ['2', 'Nagy Bea'],
      ]),
    )
  })

  it('tells two people of one name apart by their member codes', () => {
    const labels = distinctLabels([
      { id: '1', name: 'Nagy Eszter', code: 'K7M2QP' },
      { id: '2', name: 'Nagy Eszter', code: 'X4T9LA' },
      { id: '3', name: 'Kiss Anna', code: 'AB12CD' },
    ])
    expect(labels.get('1')).toBe('Nagy Eszter · K7M')
    expect(labels.get('2')).toBe('Nagy Eszter · X4T')
    expect(labels.get('3')).toBe('Kiss Anna')
  })

  it('counts names the same apart from accents and case', () => {
    const labels = distinctLabels([
      { id: '1', name: 'Nagy Eszter', code: 'K7M2QP' },
      { id: '2', name: 'NAGY ESZTÉR', code: 'X4T9LA' },
    ])
    expect(labels.get('1')).toBe('Nagy Eszter · K7M')
    expect(labels.get('2')).toBe('NAGY ESZTÉR · X4T')
  })

  it('takes as many letters as it needs when codes share a prefix', () => {
    const labels = distinctLabels([
      { id: '1', name: 'Nagy Eszter', code: 'K7M2QP' },
      { id: '2', name: 'Nagy Eszter', code: 'K7M9LA' },
      { id: '3', name: 'Nagy Eszter', code: 'B3C4DE' },
    ])
    expect(labels.get('1')).toBe('Nagy Eszter · K7M2')
    expect(labels.get('2')).toBe('Nagy Eszter · K7M9')
    expect(labels.get('3')).toBe('Nagy Eszter · B3C4')
    expect(new Set(labels.values()).size).toBe(3)
  })
})

describe('names in their order', () => {
  it('writes the family name first in Hungarian, the given name first in the others', () => {
    expect(fullNameOf('Réka', 'Tóth', 'hu')).toBe('Tóth Réka')
    for (const language of ['en', 'es', 'de']) {
      expect(fullNameOf('Réka', 'Tóth', language)).toBe('Réka Tóth')
      expect(familyNameFirst(language)).toBe(false)
    }
    expect(familyNameFirst('hu')).toBe(true)
  })

  it('keeps each part as she wrote it, spaces tidied, and leaves out a missing one', () => {
    expect(fullNameOf(' Anna  Mária ', 'Kiss-Nagy', 'hu')).toBe('Kiss-Nagy Anna Mária')
    expect(fullNameOf('María', 'García López', 'es')).toBe('María García López')
    expect(fullNameOf('Réka', '', 'hu')).toBe('Réka')
    expect(fullNameOf('Réka', null, 'en')).toBe('Réka')
  })

  it('calls her by her given name; an account with only a full name by that, never a guess', () => {
    expect(callName({ givenName: 'Réka', fullName: 'Tóth Réka' })).toBe('Réka')
    expect(callName({ givenName: null, fullName: 'Tóth Réka' })).toBe('Tóth Réka')
    expect(callName({ givenName: '  ', fullName: ' ' })).toBeNull()
  })
})
