/**
 * The page's texts for its islands, without i18next: the namespaces the prerendered page carries
 * for the app (`#app-texts`: common, landing) and the few the islands need besides
 * (`#island-texts`: the newsletter form's, scripts/prerender.ts), all in the page's language.
 */
type Texts = Record<string, unknown>

let cache: Texts | undefined

function read(id: string): Texts {
  const element = document.getElementById(id)
  if (!element?.textContent) return {}
  const parsed = JSON.parse(element.textContent) as Record<string, Texts>
  // #app-texts is keyed by language first, as i18next's resources are.
  return id === 'app-texts' ? (Object.values(parsed)[0] ?? {}) : parsed
}

/** `namespace:dotted.key` in the page's language, with `{{name}}` filled in. */
export function text(key: string, values: Record<string, string | number> = {}): string {
  if (!cache) {
    // Namespace by namespace: the islands' few texts of one add to the page's, never replace them.
    const page = read('app-texts')
    const islands = read('island-texts')
    cache = { ...page }
    for (const [namespace, texts] of Object.entries(islands))
      cache[namespace] = { ...(page[namespace] as Texts | undefined), ...(texts as Texts) }
  }
  const [namespace = '', path = ''] = key.split(':')
  let found: unknown = cache[namespace]
  for (const part of path.split('.')) found = (found as Texts | undefined)?.[part]
  if (typeof found !== 'string') return key
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}
