/**
 * One of the cluster floor's servers (bench/cluster-floor.ts): bare node:http, none of the site's
 * code. GET …/live answers as a live stream does (the same headers' kind, a first `state` at once)
 * and keeps the response; POST /fire writes one prepared message, the size of a real round's
 * state, to every stream it holds, then answers. What a server cannot do with less work.
 *
 * Started by fork(); sends `{ type: 'ready', port }` once it listens. FLOOR_MESSAGE_BYTES: the
 * message's size (3,900).
 */
import { createServer, type ServerResponse } from 'node:http'

const size = Number(process.env.FLOOR_MESSAGE_BYTES) || 3_900
/** An SSE message of `bytes` bytes in all, whose data says whether the round has started. */
function message(started: boolean, bytes: number) {
  const head = `event: state\ndata: {"started":${started},"pad":"`
  const tail = '"}\n\n'
  return Buffer.from(head + 'x'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail)
}
const first = message(false, size)
const fired = message(true, size)
const streams = new Set<ServerResponse>()

const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/fire') {
    for (const stream of streams) stream.write(fired)
    res.end(String(streams.size))
    return
  }
  if (req.method === 'GET' && req.url?.endsWith('/live')) {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    })
    res.write(first)
    streams.add(res)
    res.on('close', () => streams.delete(res))
    return
  }
  res.writeHead(404).end()
})
server.keepAliveTimeout = 0
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.send?.({ type: 'ready', port: typeof address === 'object' ? address?.port : 0 })
})
process.on('disconnect', () => process.exit(0))
