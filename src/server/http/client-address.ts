import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address: the first X-Forwarded-For hop when a trusted proxy sits in front,
 * otherwise the socket's peer. Undefined in tests that call app.request() without a socket.
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}
