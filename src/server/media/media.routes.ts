import { Hono } from 'hono'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { storedImage } from './queries/stored-image.ts'

/** GET /api/media/:id: a stored image. Ids change with every upload, so it may be cached for good. */
export function mediaRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/:id',
    documented({
      summary: 'A stored image',
      description:
        'Profile pictures and event images (WebP), cacheable for good: every upload has a new id.',
      tag: API_TAGS.media,
      access: 'public',
      responses: {
        200: {
          description: 'The image.',
          media: 'image/*',
          schema: { type: 'string', format: 'binary' },
        },
      },
      errors: [404],
    }),
    pathIds({ id: PATH_IDS.media }),
    async (c) => {
      const found = await storedImage(db, c.req.valid('param').id)
      if (!found) throw new ApiError(404, 'not_found', 'notFound')
      return c.body(new Uint8Array(found.bytes), 200, {
        'Content-Type': found.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
      })
    },
  )
}
