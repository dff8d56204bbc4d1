/**
 * `npm run db:pglite-template`: packs a new database folder, as the installed PGlite's initdb
 * makes it, into src/server/db/pglite-template/ (decision 0035). Run it after upgrading PGlite
 * and commit the file; the server fills new data folders from it instead of running initdb.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { makePgliteTemplate, templatePath } from '#server/db/pglite-setup.ts'

const target = templatePath()
const folder = dirname(target)
const tar = await makePgliteTemplate()
const packed = brotliCompressSync(tar, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: tar.byteLength,
  },
})
mkdirSync(folder, { recursive: true })
for (const old of readdirSync(folder))
  if (old !== basename(target)) rmSync(join(folder, old), { force: true })
writeFileSync(target, packed)
console.log(
  `${target}: ${(packed.byteLength / 1024).toFixed(0)} KB (${(tar.byteLength / 1048576).toFixed(1)} MB unpacked)`,
)
