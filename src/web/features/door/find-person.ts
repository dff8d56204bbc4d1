import { foldConfusables, normalizeMemberCode } from '#shared/member-code.ts'
import { nameMatches } from '#shared/people-names.ts'

/** What the door field's text means, against the door list. */
export type Entry<P> =
  | { kind: 'person'; person: P }
  | { kind: 'choose'; matches: P[] }
  | { kind: 'code'; code: string }
  | { kind: 'none' }

interface Person {
  label: string
  userCode: string
}

/** Letters and digits only (spaces allowed between them only when there is a digit): not a name. */
const looksLikeCode = (text: string) => {
  const trimmed = text.trim()
  if (!/^[A-Za-z0-9 -]+$/.test(trimmed)) return false
  if (/\s/.test(trimmed) && !/\d/.test(trimmed)) return false
  return /^[A-Z0-9]{4,12}$/.test(normalizeMemberCode(trimmed))
}

/** The people of the list whose name (or member code) holds the text, in the list's order. */
export function matchingPeople<P extends Person>(people: readonly P[], text: string): P[] {
  const code = foldConfusables(normalizeMemberCode(text))
  return people.filter(
    (person) =>
      nameMatches(person.label, text) ||
      (code.length >= 3 && foldConfusables(person.userCode).startsWith(code)),
  )
}

/**
 * Reads the door field: someone's whole member code, or a name that finds one person, checks her
 * in; a name that finds several asks which; something code-shaped that is nobody on the list goes
 * to the server as a code (a walk-in, or an unknown code the server explains).
 */
export function resolveEntry<P extends Person>(people: readonly P[], text: string): Entry<P> {
  if (text.trim() === '') return { kind: 'none' }
  const code = foldConfusables(normalizeMemberCode(text))
  const byCode = people.find((person) => foldConfusables(person.userCode) === code)
  if (byCode) return { kind: 'person', person: byCode }
  const byName = people.filter((person) => nameMatches(person.label, text))
  if (byName.length === 1 && byName[0]) return { kind: 'person', person: byName[0] }
  if (byName.length > 1) return { kind: 'choose', matches: byName }
  return looksLikeCode(text) ? { kind: 'code', code: normalizeMemberCode(text) } : { kind: 'none' }
}
