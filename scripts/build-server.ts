/**
 * `npm run build`'s second half: the server as one JavaScript file, `dist-server/main.js`, which
 * `npm run serve` (and production) starts. Node runs `src/server/main.ts` as well, stripping the
 * types as it loads each file; but it then resolves, reads and compiles some two thousand modules
 * (ours and the packages') at every start, which was most of the start-up time (decision 60).
 *
 * Every file of ours keeps the meaning of its `import.meta.url`: it is written as the address of
 * that source file, relative to the bundle, so the migrations, the PGlite templates, the built web
 * app and the mixer's worker are found where they are in the repository. PGlite stays a package
 * of its own: it loads its WebAssembly and data files from beside its code.
 */
import { readFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

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

export async function buildServer(outdir = serverBundleDir): Promise<string> {
  const outfile = resolve(outdir, 'main.js')
  await build({
    entryPoints: [resolve(root, 'src/server/main.ts')],
    outfile,
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
    plugins: [sourceFileUrls(dirname(outfile))],
    logLevel: 'warning',
    legalComments: 'none',
  })
  return outfile
}

if (import.meta.main) {
  const outfile = await buildServer()
  console.log(`server built: ${relative(root, outfile)}`)
}
