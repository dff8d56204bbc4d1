import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from './server-process.ts'

describe('serverNodeFlags: the Node flags production starts the server with', () => {
  it('reads the flags between node and the script in package.json', () => {
    // Whatever today's serve script says, it is understood.
    expect(Array.isArray(serverNodeFlags())).toBe(true)
    expect(serverNodeFlags('node src/server/main.ts')).toEqual([])
    expect(
      serverNodeFlags('node --max-semi-space-size=1 --max-old-space-size=256 src/server/main.ts'),
    ).toEqual(['--max-semi-space-size=1', '--max-old-space-size=256'])
  })

  it('refuses a script it would only half understand, rather than start the server otherwise', () => {
    for (const script of [
      'NODE_OPTIONS=--max-old-space-size=256 node src/server/main.ts',
      'node --import ./preload.ts src/server/main.ts',
      'node "--title=lendulet server" src/server/main.ts',
      'node --stack-size=$STACK src/server/main.ts',
      'node src/server/main.ts --verbose',
      'tsx src/server/main.ts',
    ])
      expect(() => serverNodeFlags(script), script).toThrow(/serve script/)
  })
})
