// A small ESLint plugin of our own: which folder may import which (the import zones of
// decision 21). eslint-plugin-import-x does this too, but its resolver's platform binaries are not
// all in our registry, which breaks `npm ci`; the rule needs only paths.
import { dirname, relative, resolve, sep } from 'node:path'

const ALIASES = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#web/': 'src/web/' }

const toRepoPath = (root, absolute) => relative(root, absolute).split(sep).join('/')
const within = (path, folder) => path === folder || path.startsWith(`${folder}/`)

/** The repository path an import points at, or null for a package. */
function target(root, file, specifier) {
  for (const [alias, folder] of Object.entries(ALIASES))
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length)
  if (specifier.startsWith('.')) return toRepoPath(root, resolve(dirname(file), specifier))
  return null
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each folder to the imports its layer allows.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { restricted: '{{path}} may not be imported here: {{message}}' },
  },
  create(context) {
    const root = context.cwd
    const file = toRepoPath(root, context.filename)
    const zones = (context.options[0]?.zones ?? []).filter((zone) => within(file, zone.target))
    if (zones.length === 0) return {}
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return
      const path = target(root, context.filename, source.value)
      if (!path) return
      for (const zone of zones) {
        const from = zone.from.find((folder) => within(path, folder))
        if (!from) continue
        if ((zone.except ?? []).some((allowed) => within(path, allowed))) continue
        context.report({
          node: source,
          messageId: 'restricted',
          data: { path: source.value, message: zone.message },
        })
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    }
  },
}

export default { rules: { layers } }
