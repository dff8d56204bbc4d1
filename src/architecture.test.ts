/**
 * What the code's shape must keep (decision 0077), read from the source without running it:
 * - no import circle anywhere in src/ (a type-only import counts: it ties the files as much);
 * - no route (`*.routes.ts`) imports drizzle-orm: a route validates, calls a command or a query,
 *   and maps the result; the database is theirs;
 * - the audit log is written (`audited`, `recordAudit` of server/audit/audit.ts) only by
 *   commands, in a `commands/` folder, where the change and its entry share one transaction.
 * No file is excused from the last two (decision 0077: its allowlists went empty). A circle still
 * there would be listed below with the reason; the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = dirname(fileURLToPath(import.meta.url))
const ROOT = resolve(SRC, '..')

/** Circles still there, each named by its files (sorted) with why. */
const CIRCLES_KNOWN: Record<string, string> = {}

/** The functions that write the audit log, and the module that has them. */
const AUDIT_MODULE = 'src/server/audit/audit.ts'
const AUDIT_WRITERS = new Set(['audited', 'recordAudit'])

const ALIASES: [prefix: string, folder: string][] = [
  ['#server/', 'src/server/'],
  ['#shared/', 'src/shared/'],
  ['#web/', 'src/web/'],
]

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

const files = sourceFiles(SRC).map((path) => relative(ROOT, path))
const known = new Set(files)

/** The file an import names, inside src/, or null for a package or anything else. */
function target(from: string, specifier: string): string | null {
  let path: string | null = null
  if (specifier.startsWith('.')) path = join(dirname(from), specifier)
  for (const [prefix, folder] of ALIASES)
    if (specifier.startsWith(prefix)) path = folder + specifier.slice(prefix.length)
  if (path === null) return null
  return known.has(path) ? path : null
}

interface Parsed {
  /** Every module it imports or re-exports from, as written. */
  specifiers: string[]
  /** Files in src/ it imports (static imports and re-exports, type-only ones too). */
  imports: string[]
}

const parsed = new Map<string, Parsed>(
  files.map((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8')
    // The scanner only (no parse, no types): all of src/ in well under a second.
    const specifiers = ts
      .preProcessFile(text, true, false)
      .importedFiles.map((imported) => imported.fileName)
    const imports = specifiers.flatMap((specifier) => target(file, specifier) ?? [])
    return [file, { specifiers, imports: [...new Set(imports)] }]
  }),
)

const importsOf = (file: string) => parsed.get(file)?.imports ?? []
const specifiersOf = (file: string) => parsed.get(file)?.specifiers ?? []

/** Strongly connected groups of two or more files (Tarjan), each a circle of imports. */
function circles(): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const at = (map: Map<string, number>, file: string) => map.get(file) ?? Infinity
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const imported of importsOf(file)) {
      if (!index.has(imported)) {
        visit(imported)
        low.set(file, Math.min(at(low, file), at(low, imported)))
      } else if (onStack.has(imported)) low.set(file, Math.min(at(low, file), at(index, imported)))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || importsOf(file).includes(file)) found.push(group.sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return found
}

/** The names a file imports from the audit module (parsed only for files that import it). */
function namesFromAuditModule(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
  )
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      return []
    if (target(file, statement.moduleSpecifier.text) !== AUDIT_MODULE) return []
    const bindings = statement.importClause?.namedBindings
    if (!bindings) return []
    if (ts.isNamespaceImport(bindings)) return ['*']
    return bindings.elements.map((element) => (element.propertyName ?? element.name).text)
  })
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/test/')

describe('the shape of the code (decision 0077)', () => {
  it('has no import circle in src/', () => {
    expect(circles().filter((group) => !(group.join(' ') in CIRCLES_KNOWN))).toEqual([])
  })

  it('keeps drizzle-orm out of routes', () => {
    const offenders = files.filter(
      (file) =>
        file.endsWith('.routes.ts') &&
        specifiersOf(file).some((s) => s === 'drizzle-orm' || s.startsWith('drizzle-orm/')),
    )
    expect(offenders).toEqual([])
  })

  it('writes the audit log only in commands', () => {
    const offenders = files.filter(
      (file) =>
        file !== AUDIT_MODULE &&
        !isTest(file) &&
        !file.split('/').includes('commands') &&
        importsOf(file).includes(AUDIT_MODULE) &&
        namesFromAuditModule(file).some((name) => name === '*' || AUDIT_WRITERS.has(name)),
    )
    expect(offenders).toEqual([])
  })

  it('lists only circles that are still there', () => {
    const groups = circles().map((group) => group.join(' '))
    const stale = Object.keys(CIRCLES_KNOWN).filter((circle) => !groups.includes(circle))
    expect(stale).toEqual([])
  })
})
