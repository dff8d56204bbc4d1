import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { nodeFlagsOf, serverNodeFlags } from './server-node-flags.ts'

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')

describe('the flags the server runs with', () => {
  it('are the same for npm start, npm run serve and the systemd unit of the production guide', () => {
    const flags = serverNodeFlags()
    expect(flags).toContain('--liftoff-only')
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
    expect(nodeFlagsOf(pkg.scripts.start ?? '')).toEqual(flags)
    const unit = read('docs/deploy/lendulet@.service')
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='))
    expect(nodeFlagsOf(execStart ?? '')).toEqual(flags)
  })

  it('are read from a command line, or refused when it has none', () => {
    expect(nodeFlagsOf('vite build && node --a=1 --b src/server/main.ts')).toEqual(['--a=1', '--b'])
    expect(nodeFlagsOf('/srv/x/node_modules/node/bin/node src/server/main.ts')).toEqual([])
    expect(() => nodeFlagsOf('node scripts/demo.ts')).toThrow(/no "node … src\/server\/main.ts"/)
  })
})
