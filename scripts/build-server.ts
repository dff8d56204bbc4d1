/**
 * `npm run build`'s second half: the server bundled into `dist-server/main.js` (and the chunks it
 * imports when first needed, decision 96), which `npm run serve` (and production) starts. Node runs `src/server/main.ts` as well, stripping the
 * types as it loads each file; but it then resolves, reads and compiles some two thousand modules
 * (ours and the packages') at every start, which was most of the start-up time (decision 60).
 *
 * Every file of ours keeps the meaning of its `import.meta.url`: it is written as the address of
 * that source file, relative to the bundle, so the migrations, the PGlite templates, the built web
 * app and the mixer's worker are found where they are in the repository. PGlite stays a package
 * of its own: it loads its WebAssembly and data files from beside its code.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, transform, type Plugin } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
export const serverBundleDir = resolve(root, 'dist-server')

/** Rewrites `import.meta.url` in our own files as the address of the file itself. */
function sourceFileUrls(outdir: string): Plugin {
  return {
    name: 'source-file-urls',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async ({ path }) => {
        const source = await readFile(path, 'utf8')
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' }
        const fromBundle = relative(outdir, path).split('\\').join('/')
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          loader: 'ts',
        }
      })
    },
  }
}

/**
 * The passkey plugin's import of @simplewebauthn/server answered by a module that loads the
 * package when a passkey is first used (src/server/auth/webauthn-on-demand.ts, decision 103).
 */
const webAuthnOnDemand: Plugin = {
  name: 'webauthn-on-demand',
  setup(build) {
    build.onResolve({ filter: /^@simplewebauthn\/server$/ }, ({ importer }) =>
      /[\\/]@better-auth[\\/]passkey[\\/]/.test(importer)
        ? { path: resolve(root, 'src/server/auth/webauthn-on-demand.ts') }
        : undefined,
    )
  },
}

const NON_ASCII = /[\u0080-\uffff]/g
const HAS_NON_ASCII = /[\u0080-\uffff]/

/**
 * The bundle in ASCII only. Node holds a module's source for as long as the module lives (V8
 * compiles functions lazily from it), and a source read from a file with one character outside
 * ASCII is held in two bytes a character: 13 MB for this bundle's 6.7 MB, where ASCII is held in
 * one (decision 96). esbuild already writes strings, regular expressions and templates in ASCII,
 * and the bundle has no comments left; what else is outside ASCII is written as a `\u` escape,
 * once the bundle without its comments is found to be ASCII, so that no escape lands in code.
 */
export async function asciiOnly(code: string): Promise<string> {
  if (!HAS_NON_ASCII.test(code)) return code
  const { code: withoutComments } = await transform(code, {
    format: 'esm',
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'error',
  })
  const inCode = withoutComments.match(NON_ASCII)
  if (inCode)
    throw new Error(
      `the server bundle has characters outside ASCII in its code (${[...new Set(inCode)].join(' ')}): write them as escapes`,
    )
  return code.replace(
    NON_ASCII,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

export async function buildServer(outdir = serverBundleDir): Promise<string> {
  const outfile = resolve(outdir, 'main.js')
  const { metafile, outputFiles } = await build({
    entryPoints: { main: resolve(root, 'src/server/main.ts') },
    // Written below, each file at once (asciiOnly's rewrite included).
    write: false,
    outdir,
    // What is imported with `import()` (the database driver not used, image processing…) is a
    // file of its own, read only when first imported (decision 96). The chunks lie beside
    // main.js, so each file's `import.meta.url` (sourceFileUrls) is right in all of them. They
    // are named by their content and the last build's are left in place: a server still running
    // the last build imports its own when it first needs them.
    splitting: true,
    chunkNames: '[name]-[hash]',
    metafile: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Error classes and functions keep their names (logs and `error.name` read them).
    keepNames: true,
    sourcemap: 'linked',
    external: ['@electric-sql/pglite'],
    // Packages written as CommonJS call `require`, which an ES module does not have by itself.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [webAuthnOnDemand, sourceFileUrls(outdir)],
    logLevel: 'warning',
    legalComments: 'none',
    // Without comments and indentation: Node holds the whole source (and, once a stack trace
    // is written, an index of its lines) while the server runs; 4.6 MB less at idle (decision
    // 96). Functions keep their names; the linked source map gives the source's lines.
    minifyWhitespace: true,
  })
  // Each file written whole under another name, then renamed over the old one: a server that
  // starts, or imports a chunk, while a build runs (two builds at once in the tests, a deploy under
  // a running server) reads the last whole file or the new one, never a half-written one.
  await mkdir(outdir, { recursive: true })
  for (const file of outputFiles) {
    const temporary = `${file.path}.${randomUUID()}.tmp`
    await writeFile(
      temporary,
      file.path.endsWith('.js') ? await asciiOnly(file.text) : file.contents,
    )
    await rename(temporary, file.path)
  }
  const outputs = Object.keys(metafile.outputs)
  await pruneOldChunks(
    outdir,
    outputs.map((file) => basename(file)),
  )
  return outfile
}

/**
 * Chunks are named by their content, so each build adds its own. This build's and the one
 * before it stay (a server still running that one imports its chunks when first needed); older
 * ones go, or the folder would grow by a build's worth at every deploy.
 */
async function pruneOldChunks(outdir: string, current: string[]) {
  const manifest = resolve(outdir, 'build-files.json')
  const previous = await readFile(manifest, 'utf8')
    .then((text) => JSON.parse(text) as string[])
    .catch(() => null)
  await writeFile(manifest, `${JSON.stringify(current)}\n`)
  // The first build that keeps a list has none from before: it cannot tell which are old.
  if (!previous) return
  const keep = new Set([...current, ...previous, basename(manifest)])
  for (const name of await readdir(outdir))
    if (/\.js(\.map)?$/.test(name) && !keep.has(name)) await rm(resolve(outdir, name))
}

if (import.meta.main) {
  const outfile = await buildServer()
  console.log(`server built: ${relative(root, outfile)}`)
}
