import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync } from 'node:zlib'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { LOCK_FILE_NAME } from './data-dir-lock.ts'

/**
 * How the embedded database is set up, for memory (decision 0035).
 *
 * PostgreSQL's shared buffers live in PGlite's WebAssembly memory, which grows and never shrinks:
 * initdb's 128 MB is more than a site of this size reads (its whole database is tens of MB, and
 * the operating system's page cache holds the files as well). 16 MB keeps the server's idle
 * memory 130 MB lower. PGlite's own parameters stay as they are (its single-user mode, fsync and
 * the rest); ours are only added after them.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

const templatesFolder = fileURLToPath(new URL('./pglite-template', import.meta.url))

/** The installed PGlite's version: a data folder is made by, and for, one version. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  let folder = dirname(entry)
  while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder)
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}

export const templatePath = (version = pgliteVersion()) =>
  join(templatesFolder, `pglite-${version}.tar.br`)

/**
 * A new database folder, as PGlite's initdb makes it, for this PGlite version (made by
 * `npm run db:pglite-template`). PGlite's initdb runs a second PostgreSQL beside the first and
 * copies its whole memory back and forth: 1.1 GB at its peak, more than a small server has.
 * Unpacking the folder it makes instead takes 40 MB for a moment. Undefined when there is no
 * template for the installed version (PGlite was upgraded): then initdb runs, as before.
 */
export function pgliteTemplate(): Blob | undefined {
  const path = templatePath()
  if (!existsSync(path)) return undefined
  return new Blob([new Uint8Array(brotliDecompressSync(readFileSync(path)))])
}

/** Written before a new folder is filled, removed once PostgreSQL has started on it. */
export const INITIALISING_MARKER = 'lendulet-initialising'

/**
 * Options to open PGlite in `dataDir` (undefined: in memory). A new folder is filled from the
 * template. A folder whose first filling was cut short (the process was killed while unpacking)
 * still has the marker: it holds no data yet, so it is emptied and filled again.
 */
export function prepareDataDir(dataDir: string | undefined): {
  options: PGliteOptions
  /** Call once PGlite has started. */
  started(): void
} {
  const options: PGliteOptions = { startParams: PGLITE_START_PARAMS }
  const marker = dataDir ? join(dataDir, INITIALISING_MARKER) : undefined
  if (dataDir && marker && existsSync(marker)) {
    for (const entry of readdirSync(dataDir))
      if (entry !== LOCK_FILE_NAME && entry !== INITIALISING_MARKER)
        rmSync(join(dataDir, entry), { recursive: true, force: true })
  }
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'))
  if (!fresh) return { options, started() {} }
  const template = pgliteTemplate()
  if (template) options.loadDataDir = template
  if (marker) writeFileSync(marker, `${new Date().toISOString()}\n`)
  return {
    options,
    started() {
      if (marker) rmSync(marker, { force: true })
      // PGlite keeps its options: let the 40 MB unpacked folder go.
      delete options.loadDataDir
    },
  }
}

/** A new database folder made by PGlite's own initdb, packed for `pgliteTemplate` (the script). */
export async function makePgliteTemplate(): Promise<Uint8Array> {
  const client = await PGlite.create()
  try {
    const dump = await client.dumpDataDir('none')
    return new Uint8Array(await dump.arrayBuffer())
  } finally {
    await client.close()
  }
}
