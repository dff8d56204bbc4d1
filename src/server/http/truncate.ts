/** Client-chosen text (paths, user agents, rejected URLs) is logged only up to this length. */
const MAX_LOGGED = 300

export function truncate(text: string | undefined, max = MAX_LOGGED): string | undefined {
  if (text === undefined || text.length <= max) return text
  return `${text.slice(0, max)}… (${text.length} characters)`
}
