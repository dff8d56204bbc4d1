import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  envAssignmentsOf,
  nodeFlagsOf,
  serverNodeFlags,
  serverProcessEnv,
} from './server-node-flags.ts'

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

  it("and so is glibc's malloc setting, before node in the scripts and in the unit's environment", () => {
    const env = serverProcessEnv()
    expect(env).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '65536' })
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
    const words = Object.entries(env).map(([name, value]) => `${name}=${value}`)
    expect(envAssignmentsOf(pkg.scripts.start ?? '')).toEqual(words)
    const unit = read('docs/deploy/lendulet@.service')
    const unitEnv = unit
      .split('\n')
      .filter((line) => line.startsWith('Environment='))
      .flatMap((line) => envAssignmentsOf(line))
    expect(unitEnv).toEqual(expect.arrayContaining(words))
  })

  it('are read from a command line', () => {
    expect(serverNodeFlags('node src/server/main.ts')).toEqual([])
    expect(
      serverNodeFlags('node --max-semi-space-size=1 --max-old-space-size=256 src/server/main.ts'),
    ).toEqual(['--max-semi-space-size=1', '--max-old-space-size=256'])
    expect(nodeFlagsOf('vite build --logLevel warn && node --a=1 --b src/server/main.ts')).toEqual([
      '--a=1',
      '--b',
    ])
    expect(nodeFlagsOf('ExecStart=/srv/x/node_modules/node/bin/node src/server/main.ts')).toEqual(
      [],
    )
    expect(serverProcessEnv('A_B=1 C=x/y node --c src/server/main.ts')).toEqual({
      A_B: '1',
      C: 'x/y',
    })
    expect(envAssignmentsOf('npm ci && A=1 node src/server/main.ts')).toEqual(['A=1'])
  })

  it('refuses a script it would only half understand, rather than start the server otherwise', () => {
    for (const script of [
      'NODE_OPTIONS=--max-old-space-size=256 node src/server/main.ts',
      'node --import ./preload.ts src/server/main.ts',
      'node "--title=lendulet server" src/server/main.ts',
      'node --stack-size=$STACK src/server/main.ts',
      'node src/server/main.ts --verbose',
      'tsx src/server/main.ts',
      'node scripts/demo.ts',
      'A=$HOME node src/server/main.ts',
      'a=1 node src/server/main.ts',
    ])
      expect(() => serverNodeFlags(script), script).toThrow(/serve script/)
  })
})
