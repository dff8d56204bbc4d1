import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'mixer-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(contents: string, ...flags: string[]) {
  const file = join(dir, `event-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, contents)
  return spawnSync(process.execPath, ['scripts/mixer.ts', file, ...flags], { encoding: 'utf8' })
}

describe('scripts/mixer.ts', () => {
  it('prints only the rounds: people by number, tables in the order given', () => {
    const result = run(
      JSON.stringify({ people: 10, tables: [8, 4], rounds: 3, seed: 4, timeLimitMs: 100 }),
    )
    expect(result.status).toBe(0)
    expect(result.stderr).toBe('')
    const output = JSON.parse(result.stdout) as { rounds: number[][][] }
    expect(Object.keys(output)).toEqual(['rounds'])
    expect(output.rounds).toHaveLength(3)
    for (const round of output.rounds) {
      expect(round.map((table) => table.length)).toEqual([6, 4])
      expect(round.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    }
  })

  it('reports the repeats, the lower bound and optimality with --stats', () => {
    // 56 people at 7 tables of 8: each table of one round spreads over the 7 tables of another,
    // so some pair of it meets again: 7 repeats for each of the C(4, 2) pairs of rounds.
    const result = run(
      JSON.stringify({ people: 56, tables: Array(7).fill(8), rounds: 4, timeLimitMs: 2000 }),
      '--stats',
    )
    expect(result.status).toBe(0)
    const output = JSON.parse(result.stdout) as { rounds: number[][][]; stats: unknown }
    expect(output.rounds).toHaveLength(4)
    expect(output.stats).toMatchObject({
      repeats: 42,
      lowerBound: { maxMeetings: 2, squaredExcess: 42 },
      optimal: true,
    })
  })

  it('fails with a message on stderr for a file it cannot use', () => {
    const tooMany = run(JSON.stringify({ people: 9, tables: [4, 4], rounds: 1 }))
    expect(tooMany.status).toBe(1)
    expect(tooMany.stdout).toBe('')
    expect(tooMany.stderr).toContain('9 people do not fit at tables with 8 seats')

    const badShape = run(JSON.stringify({ people: 'nine', tables: [4], rounds: 1 }))
    expect(badShape.status).toBe(1)
    expect(badShape.stderr).toContain('people')

    const notJson = run('{ people: 3')
    expect(notJson.status).toBe(1)
    expect(notJson.stderr).toContain('not valid JSON')

    const missing = spawnSync(process.execPath, ['scripts/mixer.ts', join(dir, 'none.json')], {
      encoding: 'utf8',
    })
    expect(missing.status).toBe(1)
    expect(missing.stderr).toContain('Cannot read')
  })
})
