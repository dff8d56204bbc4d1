/**
 * Where a process's time went, from a V8 .cpuprofile (node --cpu-prof): self time summed per
 * function and per file (node_modules folded to their package), and time per "area" of the
 * server's request path, each with its share of the samples.
 *
 *   node bench/cpu-profile.ts PROFILE.cpuprofile [top=25] [--inclusive NAME]
 *
 * With --inclusive NAME, also the total time (self and callees) of functions whose name is NAME.
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args.splice(at, 2)[1] : undefined
}
const inclusiveName = option('--inclusive')
const fromS = Number(option('--from') ?? 0)
const toS = Number(option('--to') ?? Infinity)
const timeline = args.includes('--timeline') && args.splice(args.indexOf('--timeline'), 1)
const [file, topArg] = args
if (!file) {
  console.error(
    'usage: node bench/cpu-profile.ts PROFILE.cpuprofile [top] [--from s] [--to s] [--timeline] [--inclusive NAME]',
  )
  process.exit(2)
}
const top = Number(topArg) || 25
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const idleNode = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id

// Self time per node: each sample's delta goes to the node sampled; only samples between --from
// and --to (seconds since the profile began). --timeline: busy (not idle) ms per second.
const selfUs = new Map<number, number>()
const busyPerSecond: number[] = []
let at = 0
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0
  at += delta
  const second = Math.floor(at / 1e6)
  if (id !== idleNode) busyPerSecond[second] = (busyPerSecond[second] ?? 0) + delta
  if (at < fromS * 1e6 || at > toS * 1e6) return
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta)
})
if (timeline)
  console.log(
    'busy ms per second:',
    [...busyPerSecond].map((us, s) => `${s}:${((us ?? 0) / 1000).toFixed(0)}`).join(' '),
  )
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0)
const idle = profile.nodes
  .filter((n) => ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName))
  .map((n) => [n.callFrame.functionName, selfUs.get(n.id) ?? 0] as const)

const shortFile = (url: string) => {
  if (!url) return '(native)'
  const path = url.replace(/^file:\/\//, '')
  const nm = path.lastIndexOf('/node_modules/')
  if (nm >= 0) {
    const parts = path.slice(nm + '/node_modules/'.length).split('/')
    const pkg = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
    return `${pkg}/…/${parts.at(-1)}`
  }
  const src = path.indexOf('/src/')
  return src >= 0
    ? path.slice(src + 1)
    : path.startsWith('node:')
      ? path
      : (path.split('/').at(-1) ?? path)
}
const packageOf = (url: string) => {
  if (!url) return '(native)'
  if (url.startsWith('node:')) return 'node:internal'
  const nm = url.lastIndexOf('/node_modules/')
  if (nm < 0) return url.includes('/src/') ? 'project src' : url
  const parts = url.slice(nm + '/node_modules/'.length).split('/')
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url)
}

const sum = (key: (n: ProfileNode) => string) => {
  const out = new Map<string, number>()
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0
    if (us) out.set(key(node), (out.get(key(node)) ?? 0) + us)
  }
  return [...out.entries()].sort((a, b) => b[1] - a[1])
}

const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`
const msOf = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`
const print = (title: string, rows: [string, number][]) => {
  console.log(`\n${title}`)
  for (const [name, us] of rows.slice(0, top)) console.log(`${msOf(us)} ${pct(us)}  ${name}`)
}

console.log(`${file}: ${(totalUs / 1000).toFixed(0)} ms sampled`)
for (const [name, us] of idle) console.log(`${msOf(us)} ${pct(us)}  ${name}`)
print(
  'self time per function',
  sum(
    (n) =>
      `${n.callFrame.functionName || '(anonymous)'} ${shortFile(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
  ),
)
print(
  'self time per file',
  sum((n) => shortFile(n.callFrame.url)),
)
print(
  'self time per package',
  sum((n) => packageOf(n.callFrame.url)),
)

// Who asked for each sample's time: the nearest frame, walking up from the one sampled, that is
// a file of the project or of a package (not Node's own code, not native): writev under
// @hono/node-server's response, writeString under pino's sonic-boom...
{
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const owners = new Map<string, number>()
  const ownerFunctions = new Map<string, number>()
  for (const [id, us] of selfUs) {
    let owner: string | undefined
    for (let at: number | undefined = id; at !== undefined && !owner; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame
      const url = frame?.url ?? ''
      if (url && !url.startsWith('node:') && !url.startsWith('wasm:')) {
        owner = shortFile(url)
        const name = `${frame?.functionName || '(anonymous)'} ${owner}:${(frame?.lineNumber ?? 0) + 1}`
        ownerFunctions.set(name, (ownerFunctions.get(name) ?? 0) + us)
      }
    }
    if (!owner) {
      const own = byId.get(id)?.callFrame
      owner = own?.url.startsWith('node:') ? `node (${own.url})` : (own?.functionName ?? '?')
    }
    owners.set(owner, (owners.get(owner) ?? 0) + us)
  }
  print(
    'time per owner (self time of the nearest project or package frame and what it called in Node)',
    [...owners.entries()].sort((a, b) => b[1] - a[1]),
  )
  print(
    'the same per owning function',
    [...ownerFunctions.entries()].sort((a, b) => b[1] - a[1]),
  )
}

// Inclusive time of the named functions: every sample whose stack passes through one of them.
if (inclusiveName) {
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const inclusive = new Map<string, number>()
  for (const [id, us] of selfUs) {
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)
      if (node?.callFrame.functionName !== inclusiveName) continue
      const key = `${inclusiveName} ${shortFile(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`
      if (seen.has(key)) continue
      seen.add(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + us)
    }
  }
  print(
    `inclusive time of ${inclusiveName}`,
    [...inclusive.entries()].sort((a, b) => b[1] - a[1]),
  )
}
