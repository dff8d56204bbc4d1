/**
 * Names as people read them: sorted the way the page's language sorts them, searched without
 * regard to accents or case, and told apart when two people share one (two "Nagy Eszter"s at an
 * evening are common in Hungary).
 */

/** Languages that write the family name first: "Tóth Réka" in Hungarian, "Réka Tóth" in English. */
const FAMILY_NAME_FIRST: ReadonlySet<string> = new Set(['hu'])

/** Whether `language` writes (and its forms ask for) the family name before the given name. */
export function familyNameFirst(language: string): boolean {
  return FAMILY_NAME_FIRST.has(language)
}

/** A name part as stored: trimmed, inner spaces collapsed, null when nothing is left. */
export function namePart(value: string | null | undefined): string | null {
  const part = value?.replace(/\s+/g, ' ').trim()
  return part || null
}

/**
 * Her full name from its two parts, in `language`'s order: "Tóth Réka" in Hungarian, "Réka Tóth"
 * in English, Spanish and German. A missing part is left out.
 */
export function fullNameOf(
  givenName: string | null | undefined,
  familyName: string | null | undefined,
  language: string,
): string {
  const given = namePart(givenName)
  const family = namePart(familyName)
  const parts = familyNameFirst(language) ? [family, given] : [given, family]
  return parts.filter(Boolean).join(' ')
}

/**
 * The name a greeting calls her by ("Szia, Réka!"): her given name. An account from before names
 * had two parts holds only her full name, which is never split by guesswork: she is greeted with
 * it until she gives her given name (decision 55). Null when the account holds no name at all.
 */
export function callName(person: {
  givenName?: string | null
  fullName?: string | null
}): string | null {
  return namePart(person.givenName) ?? namePart(person.fullName)
}

/** Lower case, accents dropped, spaces collapsed: "  Nagy  Eszter" and "nagy eszter" match. */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** Whether the query is part of the name, accents and case aside ("eszter" finds "Nagy Eszter"). */
export function nameMatches(name: string, query: string): boolean {
  const wanted = nameKey(query)
  if (wanted === '') return true
  return nameKey(name).includes(wanted)
}

const collators = new Map<string, Intl.Collator>()

/** The language's own order ("Gál" before "Gulyás" in Hungarian), numbers by value. */
export function nameCollator(language: string): Intl.Collator {
  let collator = collators.get(language)
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true })
    collators.set(language, collator)
  }
  return collator
}

/** A sorted copy, by the name `nameOf` gives, in the language's order. */
export function sortByName<T>(list: readonly T[], nameOf: (item: T) => string, language: string) {
  const collator = nameCollator(language)
  return [...list].sort((a, b) => collator.compare(nameOf(a), nameOf(b)))
}

/** How many letters of the member code tell two same-named people apart, at least. */
const MARK_LENGTH = 3

/**
 * Display labels for a group of people: a name shared by two or more (compared by nameKey) gets
 * the first letters of each one's member code after it ("Nagy Eszter · K7M"), as many letters as
 * it takes to tell them apart. Everyone else keeps her name as it is.
 */
export function distinctLabels(
  people: readonly { id: string; name: string; code: string }[],
): Map<string, string> {
  const byName = new Map<string, { id: string; name: string; code: string }[]>()
  for (const person of people) {
    const key = nameKey(person.name)
    const group = byName.get(key)
    if (group) group.push(person)
    else byName.set(key, [person])
  }
  const labels = new Map<string, string>()
  for (const group of byName.values()) {
    if (group.length === 1) {
      const [only] = group
      if (only) labels.set(only.id, only.name)
      continue
    }
    let length = MARK_LENGTH
    const longest = Math.max(...group.map((person) => person.code.length))
    while (
      length < longest &&
      new Set(group.map((person) => person.code.slice(0, length))).size < group.length
    )
      length++
    for (const person of group)
      labels.set(person.id, `${person.name} · ${person.code.slice(0, length)}`)
  }
  return labels
}
