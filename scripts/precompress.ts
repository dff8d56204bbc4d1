/**
 * Brotli (quality 11) and gzip (level 9) copies of every compressible file in the build, written
 * once at build time so the server never compresses a static file per request. A copy that would
 * not be smaller is not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
// Pages (and index.html) are filled in by the server at start and compressed there (serve-app.ts).
const SKIP = /^(pages[\\/]|index\.html$)/

export async function precompressDirectory(dir: string, root = dir): Promise<number> {
  let written = 0
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) {
      written += await precompressDirectory(path, root)
      continue
    }
    const relative = path.slice(root.length + 1)
    if (!COMPRESSIBLE.test(entry) || SKIP.test(relative)) continue
    const source = readFileSync(path)
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    })
    const gzip = gzipSync(source, { level: 9 })
    if (brotli.length < source.length) {
      writeFileSync(`${path}.br`, brotli)
      written++
    }
    if (gzip.length < source.length) {
      writeFileSync(`${path}.gz`, gzip)
      written++
    }
  }
  return written
}
