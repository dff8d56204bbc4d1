import { describe, expect, it } from 'vitest'
import { doorList, printedName } from './door-list.ts'

const names = (groups: ReturnType<typeof doorList>) =>
  groups.map((g) => `${g.initial}: ${g.entries.map((e) => e.name).join(', ')}`)

describe('the door list', () => {
  it('sorts in the language’s order and groups by initial', () => {
    const people = [
      'Ödön Éva',
      'Oláh Olga',
      'Ábel Anna',
      'Zsigmond Zita',
      'Kiss Anna',
      'Adorján Bea',
    ]
    const groups = doorList(
      people.map((name, i) => ({ name, table: `T${i}` })),
      'hu',
    )
    // Á sorts with A; Ö is a letter of its own after O.
    expect(names(groups)).toEqual([
      'A: Ábel Anna, Adorján Bea',
      'K: Kiss Anna',
      'O: Oláh Olga',
      'Ö: Ödön Éva',
      'Z: Zsigmond Zita',
    ])
  })

  it('keeps one line per seat, ties broken by table', () => {
    const groups = doorList(
      [
        { name: 'anna', table: 'Table 10' },
        { name: 'Anna', table: 'Table 2' },
      ],
      'en',
    )
    expect(groups).toEqual([
      {
        initial: 'A',
        entries: [
          { name: 'anna', table: 'Table 10' },
          { name: 'Anna', table: 'Table 2' },
        ],
      },
    ])
  })

  it('never prints an e-mail address', () => {
    expect(printedName({ fullName: '  Kiss Anna ', email: 'anna@example.com' })).toBe('Kiss Anna')
    expect(printedName({ fullName: null, email: 'anna.kiss@example.com' })).toBe('anna.kiss')
  })
})
