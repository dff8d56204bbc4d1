import { readFileSync } from 'node:fs'

/** The server as `npm run build` bundles it (what production runs), or its source. */
const SERVER_SCRIPTS = ['dist-server/main.js', 'src/server/main.ts']

/** `--name` or `--name=value`, nothing a shell would expand or unquote. */
const NODE_FLAG = /^--?[\w-]+(=[\w.,:/+-]*)?$/
/** `NAME=value` before `node`, nothing a shell would expand; never NODE_OPTIONS (flags go after `node`). */
const ENV_ASSIGNMENT = /^(?!NODE_OPTIONS=)[A-Z][A-Z0-9_]*=[\w.,:/+-]*$/

/**
 * The Node and V8 flags between `node` (or a path ending in it) and the server's script, which
 * ends the command line (`node --max-semi-space-size=1 src/server/main.ts` gives
 * `['--max-semi-space-size=1']`). A command of another shape (quotes, a variable, a preload
 * script, arguments after the script) is refused rather than half understood.
 */
export function nodeFlagsOf(command: string): string[] {
  const words = command.trim().split(/\s+/)
  const script = words.length - 1
  const node = words.findLastIndex((word, index) => index < script && /(^|\/)node$/.test(word))
  const flags = words.slice(node + 1, script)
  if (
    !SERVER_SCRIPTS.includes(words[script] ?? '') ||
    node < 0 ||
    !flags.every((flag) => NODE_FLAG.test(flag))
  )
    throw new Error(`not "node [--flag[=value] …] ${SERVER_SCRIPTS.join(' | ')}": ${command}`)
  return flags
}

/**
 * The flags production runs the server with (`npm run serve`, decision 0035): tests and
 * benchmarks that start the real server start it the same way, so that what they measure is
 * what a site runs.
 */
export function serverNodeFlags(serveScript = readServeScript()): string[] {
  try {
    const words = serveScript.trim().split(/\s+/)
    const node = words.findIndex((word) => !ENV_ASSIGNMENT.test(word))
    if (words[node] !== 'node') throw new Error(`not "[NAME=value …] node …": ${serveScript}`)
    return nodeFlagsOf(serveScript)
  } catch (error) {
    throw new Error(`package.json's serve script is ${(error as Error).message}`, { cause: error })
  }
}

/**
 * The environment production gives the server besides its configuration: the `NAME=value` words
 * before `node` in `npm run serve` (glibc's malloc settings, decision 0107), for tests and
 * benchmarks that start the real server, as the flags are.
 */
export function serverProcessEnv(serveScript = readServeScript()): Record<string, string> {
  serverNodeFlags(serveScript)
  return Object.fromEntries(envAssignmentsOf(serveScript).map((word) => word.split('=', 2)))
}

/**
 * The `NAME=value` words just before `node` in a command line (a systemd unit's `Environment=`
 * line is the same words after its key). NODE_OPTIONS is not one: flags go on the command line.
 */
export function envAssignmentsOf(command: string): string[] {
  const words = command
    .trim()
    .replace(/^Environment=/, '')
    .split(/\s+/)
  const node = words.findLastIndex((word) => /(^|\/)node$/.test(word))
  const before = node < 0 ? words : words.slice(0, node)
  const assignments: string[] = []
  for (let i = before.length - 1; i >= 0 && ENV_ASSIGNMENT.test(before[i] ?? ''); i--)
    assignments.unshift(before[i] ?? '')
  return assignments
}

function readServeScript(): string {
  const packageJson = JSON.parse(
    readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
  ) as { scripts?: { serve?: string } }
  return packageJson.scripts?.serve ?? ''
}
