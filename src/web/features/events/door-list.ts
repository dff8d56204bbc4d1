/** One line of the door's list: who, and at which table. */
export interface DoorEntry {
  name: string
  /** Her family name as her account holds it; null on an account with only a full name. */
  familyName?: string | null
  table: string
}

/**
 * Titles and the like before a name, in the four languages, which a list does not file her under:
 * "Dr. Szalai Anna" is an S. Abbreviations with their dot; words that are only ever titles
 * ("Frau", "Mrs") with or without one. Never a word that is also a name (Don, Miss).
 */
const TITLES = [
  // Hungarian: doktor, professzor, ifjabb, idősebb, özvegy.
  'dr',
  'prof',
  'ifj',
  'ifjabb',
  'id',
  'idősebb',
  'özv',
  'özvegy',
  // English
  'mr',
  'mrs',
  'ms',
  'mx',
  'sir',
  'dame',
  'rev',
  // Spanish
  'dra',
  'sr',
  'sra',
  'srta',
  'profa',
  'doña',
  'dña',
  // German
  'frau',
  'herr',
  'dipl.-ing',
  'med',
]

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*')
const LEADING_TITLE = new RegExp(`^(?:${TITLES.map(escape).join('|')})(?:\\.\\s*|\\s+)`, 'iu')

/** The name without the titles in front of it: "Dr. Prof. Szalai Anna" → "Szalai Anna". */
export function withoutTitles(name: string): string {
  let rest = name.trim()
  for (;;) {
    const left = rest.replace(LEADING_TITLE, '')
    if (left === rest || !left) return rest
    rest = left
  }
}

/**
 * What a person is filed under: her family name where her account holds it, else her name as
 * written (family name first in Hungarian; never split by guesswork), titles aside either way.
 */
const filedUnder = (entry: DoorEntry) =>
  (entry.familyName?.trim() && withoutTitles(entry.familyName)) || withoutTitles(entry.name)

/** The list under one initial (A, B, …; letters the language sorts apart, like Ö, stay apart). */
export interface DoorGroup {
  initial: string
  entries: DoorEntry[]
}

/**
 * The door's "who sits where" by family name, titles aside, in the language's alphabetical order
 * (Hungarian puts Ö after O, Spanish Ñ after N), grouped by initial so a guest finds her name at
 * a glance. Names are printed as written ("Dr. Szalai Anna", under S).
 */
export function doorList(entries: readonly DoorEntry[], language: string): DoorGroup[] {
  const order = new Intl.Collator(language, { sensitivity: 'variant', numeric: true })
  const sameLetter = new Intl.Collator(language, { sensitivity: 'base' })
  const keyed = entries.map((entry) => ({
    entry,
    key: filedUnder(entry),
    name: withoutTitles(entry.name),
  }))
  const sorted = keyed.sort(
    (a, b) =>
      order.compare(a.key, b.key) ||
      order.compare(a.name, b.name) ||
      order.compare(a.entry.table, b.entry.table),
  )
  const groups: DoorGroup[] = []
  for (const { entry, key } of sorted) {
    const first = [...key][0]?.toLocaleUpperCase(language) ?? '#'
    // Á heads the A's where the language sorts them together; Ö stays Ö where it is a letter.
    const plain = first.normalize('NFD').replace(/\p{M}/gu, '')
    const initial = sameLetter.compare(plain, first) === 0 ? plain : first
    const last = groups.at(-1)
    if (last && sameLetter.compare(last.initial, initial) === 0) last.entries.push(entry)
    else groups.push({ initial, entries: [entry] })
  }
  return groups
}

/** A name to print: never the e-mail address (the list hangs at the door), at most its first part. */
export const printedName = (person: { fullName: string | null; email: string }) =>
  person.fullName?.trim() || person.email.split('@')[0] || person.email
