/** The query parameter that carries the page a visitor wanted before signing in. */
export const RETURN_PATH_PARAM = 'next'

/** Longer than any of our addresses; a longer `next` is not one of ours. */
export const RETURN_PATH_MAX_LENGTH = 500

// C0 and C1 control characters: a CR or LF could split a header, a tab is dropped by URL parsers.
const hasControlCharacter = (text: string) =>
  Array.from(text).some((character) => {
    const code = character.charCodeAt(0)
    return code < 0x20 || (code >= 0x7f && code <= 0x9f)
  })
const PARSER_ORIGIN = 'https://lendulet.invalid'

/**
 * `value` when it is a path on this site, to go to after signing in; otherwise null (the default
 * home). Only a single leading slash: `//host` and `/\host` are other sites to a browser. The
 * value is checked as given and once percent-decoded, so neither form can leave the site or
 * carry control characters; what the browser then resolves must still be our own origin.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_PATH_MAX_LENGTH) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  for (const form of [value, decoded]) {
    if (!form.startsWith('/') || form.startsWith('//')) return null
    if (form.includes('\\') || hasControlCharacter(form)) return null
  }
  try {
    return new URL(value, PARSER_ORIGIN).origin === PARSER_ORIGIN ? value : null
  } catch {
    return null
  }
}

/** `path` with `next` added to its query (unchanged without one): `/login?next=%2Fevents`. */
export function withReturnPath(path: string, next: string | null | undefined): string {
  if (!next) return path
  const query = new URLSearchParams({ [RETURN_PATH_PARAM]: next })
  return `${path}${path.includes('?') ? '&' : '?'}${query}`
}
