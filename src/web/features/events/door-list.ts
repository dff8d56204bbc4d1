/** One line of the door's list: who, and at which table. */
export interface DoorEntry {
  name: string
  table: string
}

/** The list under one initial (A, B, …; letters the language sorts apart, like Ö, stay apart). */
export interface DoorGroup {
  initial: string
  entries: DoorEntry[]
}

/**
 * The door's "who sits where" in the language's alphabetical order (Hungarian puts Ö after O,
 * Spanish Ñ after N), grouped by initial so a guest finds her name at a glance.
 */
export function doorList(entries: readonly DoorEntry[], language: string): DoorGroup[] {
  const order = new Intl.Collator(language, { sensitivity: 'variant', numeric: true })
  const sameLetter = new Intl.Collator(language, { sensitivity: 'base' })
  const sorted = [...entries].sort(
    (a, b) => order.compare(a.name, b.name) || order.compare(a.table, b.table),
  )
  const groups: DoorGroup[] = []
  for (const entry of sorted) {
    const first = [...entry.name.trim()][0]?.toLocaleUpperCase(language) ?? '#'
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
