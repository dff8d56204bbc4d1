import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
const paths = (process.argv[2] ?? '/signup?lang=en').split(',')
const runs = Number(process.argv[3] ?? 3)
const res = {}
for (let i = 0; i < runs; i++)
  for (const path of paths)
    for (const [name, port] of [['old', 4998], ['new', 4999]]) {
      execFileSync(process.execPath, ['node_modules/lighthouse/cli/index.js', `http://127.0.0.1:${port}${path}`, '--quiet', '--output=json', '--output-path=/tmp/ab.json', '--form-factor=mobile', '--only-categories=performance', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'], { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } })
      const r = JSON.parse(readFileSync('/tmp/ab.json', 'utf8'))
      const key = `${path} ${name}`
      ;(res[key] ??= []).push(`${Math.round(r.categories.performance.score * 100)}/${Math.round(r.audits['total-blocking-time'].numericValue)}/${Math.round(r.audits['largest-contentful-paint'].numericValue)}@${loadavg()[0].toFixed(1)}`)
    }
for (const [k, v] of Object.entries(res)) console.log(k, v.join('  '))
