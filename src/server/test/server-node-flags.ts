import { readFileSync } from 'node:fs'

/** The server as `npm run build` bundles it (what production runs), or its source. */
const SERVER_SCRIPTS = ['dist-server/main.js', 'src/server/main.ts']

/** `--name` or `--name=value`, nothing a shell would expand or unquote. */
const NODE_FLAG = /^--?[\w-]+(=[\w.,:/+-]*)?$/

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
    if (!/^node\s/.test(serveScript.trim())) throw new Error(`not "node …": ${serveScript}`)
    return nodeFlagsOf(serveScript)
  } catch (error) {
    throw new Error(`package.json's serve script is ${(error as Error).message}`, { cause: error })
  }
}

function readServeScript(): string {
  const packageJson = JSON.parse(
    readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
  ) as { scripts?: { serve?: string } }
  return packageJson.scripts?.serve ?? ''
}
