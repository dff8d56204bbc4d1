import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Logger } from 'pino'
import type { Registry } from 'prom-client'

export interface MetricsListener {
  port: number
  close(): Promise<void>
}

/**
 * METRICS_PORT: a second HTTP listener that serves only GET /metrics, without a token, for a
 * Prometheus that reaches it on a private interface (METRICS_HOST, loopback by default). Its
 * scrapes are not counted as the site's requests.
 */
export async function serveMetrics({
  registry,
  port,
  host,
  logger,
}: {
  registry: Registry
  port: number
  host: string
  logger: Logger
}): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n')
      return
    }
    registry.metrics().then(
      (body) => {
        response.writeHead(200, {
          'Content-Type': registry.contentType,
          'Cache-Control': 'no-store',
        })
        response.end(request.method === 'HEAD' ? undefined : body)
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics failed')
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Error\n')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.address() as AddressInfo).port
  const shown = host.includes(':') ? `[${host}]` : host
  logger.info({ port: bound, host }, `metrics on http://${shown}:${bound}/metrics`)
  return {
    port: bound,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
