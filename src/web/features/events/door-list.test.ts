import { describe, expect, it } from 'vitest'
import { doorList, printedName, withoutTitles } from './door-list.ts'

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

  it('files people by family name, titles aside, as the account holds it', () => {
    const people = [
      { name: 'Dr. Szalai Anna', familyName: 'Szalai' },
      { name: 'Bodnárné Vass Éva', familyName: 'Bodnárné Vass' },
      { name: 'dr. Ács Kata', familyName: null },
      { name: 'özv. Dobos Irén', familyName: null },
      { name: 'Dénes Zsófia', familyName: 'Dénes' },
    ]
    const groups = doorList(
      people.map((person, i) => ({ ...person, table: `T${i}` })),
      'hu',
    )
    // Names are printed as written, filed under the family name; Á with A, no one under "Dr.".
    expect(names(groups)).toEqual([
      'A: dr. Ács Kata',
      'B: Bodnárné Vass Éva',
      'D: Dénes Zsófia, özv. Dobos Irén',
      'S: Dr. Szalai Anna',
    ])
  })

  it('uses the family name in languages that write it last', () => {
    const groups = doorList(
      [
        { name: 'Prof. Dr. Anna Zimmermann', familyName: 'Zimmermann', table: '1' },
        { name: 'Mrs Zoe Adams', familyName: 'Adams', table: '2' },
        { name: 'Dra. Lucía Núñez', familyName: 'Núñez', table: '3' },
        { name: 'Nora Nagel', familyName: 'Nagel', table: '4' },
      ],
      'es',
    )
    // Spanish files Ñ after N: Nagel, Núñez under N; Zimmermann, not "Prof.", under Z.
    expect(names(groups)).toEqual([
      'A: Mrs Zoe Adams',
      'N: Nora Nagel, Dra. Lucía Núñez',
      'Z: Prof. Dr. Anna Zimmermann',
    ])
  })

  it('drops the titles of all four languages, never a name that looks like one', () => {
    for (const [written, filed] of [
      ['Dr. Szalai Anna', 'Szalai Anna'],
      ['ifj. Kovács Béla', 'Kovács Béla'],
      ['Id. Nagy Ágnes', 'Nagy Ágnes'],
      ['Özv. Kiss Jánosné', 'Kiss Jánosné'],
      ['Prof. Dr. med. Eva Braun', 'Eva Braun'],
      ['Frau Dipl.-Ing. Lena Vogel', 'Lena Vogel'],
      ['Sra. Doña Carmen Ruiz', 'Carmen Ruiz'],
      ['Mrs Jane Doe', 'Jane Doe'],
      ['Drahos Ilona', 'Drahos Ilona'],
      ['Ida Sramek', 'Ida Sramek'],
      ['Dr.', 'Dr.'],
    ])
      expect(withoutTitles(written ?? ''), written).toBe(filed)
  })

  it('never prints an e-mail address', () => {
    expect(printedName({ fullName: '  Kiss Anna ', email: 'anna@example.com' })).toBe('Kiss Anna')
    expect(printedName({ fullName: null, email: 'anna.kiss@example.com' })).toBe('anna.kiss')
  })
})
