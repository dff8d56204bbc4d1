import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import {
  deployConfigPath,
  nginxDir,
  nginxPath,
  renderTestConfig,
  standaloneConfig,
} from './nginx.ts'

const run = promisify(execFile)
const openssl = '/usr/bin/openssl'

/** nginx -t on a configuration: resolves with its output when the configuration is valid. */
async function nginxTest(dir: string, config: string) {
  const path = join(dir, 'test.conf')
  writeFileSync(path, config)
  const { stderr } = await run(nginxPath() ?? 'nginx', [
    ...['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', path],
    ...['-g', `pid ${join(dir, 'nginx.pid')};`],
  ])
  return stderr
}

describe.skipIf(!nginxPath())('docs/deploy/nginx.conf', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it.skipIf(!existsSync(openssl))(
    'is valid as a whole, TLS and the port-80 redirect included (nginx -t)',
    async () => {
      const dir = nginxDir()
      dirs.push(dir)
      const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')]
      execFileSync(
        openssl,
        [
          ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
          ...['-keyout', key, '-out', cert, '-subj', '/CN=lendulet.example'],
        ],
        { stdio: 'ignore' },
      )
      // The file as deployed, with a throwaway certificate where the real one would be.
      const site = readFileSync(deployConfigPath, 'utf8')
        .replace(/^(\s*ssl_certificate) \S+;$/m, `$1 ${cert};`)
        .replace(/^(\s*ssl_certificate_key) \S+;$/m, `$1 ${key};`)
      writeFileSync(join(dir, 'site.conf'), site)
      const output = await nginxTest(
        dir,
        standaloneConfig(dir, `include ${join(dir, 'site.conf')};`),
      )
      expect(output).toMatch(/test is successful/)
    },
  )

  it('gives the tests its upstream, with their processes, and every proxy rule', async () => {
    const dir = nginxDir()
    dirs.push(dir)
    const deployed = readFileSync(deployConfigPath, 'utf8')
    const config = renderTestConfig(deployed, {
      upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'],
      listenPort: 4000,
      dir,
    })
    expect(config).toMatch(/^\s*server 127\.0\.0\.1:4001 max_fails=1 fail_timeout=10s;$/m)
    expect(config).toMatch(/^\s*server 127\.0\.0\.1:4002 max_fails=1 fail_timeout=10s;$/m)
    expect(config).not.toMatch(/127\.0\.0\.1:300[12]/)
    expect(config).not.toMatch(/ssl_certificate|listen 443|return 301/)
    const rules = deployed.slice(deployed.indexOf('# >>> proxy rules'), deployed.indexOf('# <<<'))
    expect(config).toContain(rules)
    expect(await nginxTest(dir, config)).toMatch(/test is successful/)
  })
})
