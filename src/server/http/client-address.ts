import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address. Behind `trustedProxies` reverse proxies (TRUST_PROXY), each of which
 * appends the address it was reached from to X-Forwarded-For, the client is the entry that the
 * outermost trusted proxy wrote: the `trustedProxies`-th from the right. Entries left of it were
 * written by the client itself and prove nothing (taking the left-most one would let a client
 * pick any address, and so escape every rate limit). Without trusted proxies, or without the
 * header, it is the socket's peer. Undefined in tests that call app.request() without a socket.
 */
export function clientAddress(c: Context, trustedProxies: number): string | undefined {
  return addressOf(c.req.header('x-forwarded-for'), trustedProxies, () => {
    try {
      return getConnInfo(c).remote.address
    } catch {
      return undefined
    }
  })
}

/** The same from the X-Forwarded-For header and the socket's peer (a request outside Hono). */
export function addressOf(
  forwardedFor: string | undefined,
  trustedProxies: number,
  peer: () => string | undefined,
): string | undefined {
  if (trustedProxies > 0) {
    const hops = (forwardedFor ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    // Fewer hops than proxies: the request skipped an outer proxy; the left-most hop is then
    // the farthest one a trusted proxy saw.
    const hop = hops[Math.max(0, hops.length - trustedProxies)]
    if (hop) return hop
  }
  return peer()
}
