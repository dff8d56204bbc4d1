/**
 * Hungarian's ő and ű (and capitals) live in the fonts' latin-ext files: 86 KB of Inter and 34 KB
 * of Fraunces for four letters on every Hungarian page. This writes tiny subsets of just those
 * letters, variable weight kept, which src/web/styles.css declares after fontsource's faces, so
 * browsers take them for these letters and fetch the big files only for other latin-ext text.
 *
 *   npm run fonts:subset   (commit the result; rerun when the fonts are upgraded)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import subsetFont from 'subset-font'

/** Keep in step with the unicode-range in styles.css. */
export const HUNGARIAN_EXTRA = 'ŐőŰű'

const require = createRequire(import.meta.url)
const out = new URL('../src/web/assets/fonts/', import.meta.url).pathname

if (import.meta.main)
  for (const family of ['inter', 'fraunces']) {
    const dir = join(
      dirname(require.resolve(`@fontsource-variable/${family}/package.json`)),
      'files',
    )
    const source = readFileSync(join(dir, `${family}-latin-ext-wght-normal.woff2`))
    const subset = await subsetFont(source, HUNGARIAN_EXTRA, { targetFormat: 'woff2' })
    writeFileSync(join(out, `${family}-hungarian-wght-normal.woff2`), subset)
    console.log(`${family}: ${source.length} → ${subset.length} bytes`)
  }
