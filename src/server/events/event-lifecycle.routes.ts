import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { MAX_UPLOAD_BYTES, processImage } from '../media/process-image.ts'
import {
  adminDoc,
  commandContext,
  eventParam,
  json,
  type AdminEventsDeps,
} from './admin-route-kit.ts'
import { endEvent } from './commands/end-event.ts'
import { reopenEvent } from './commands/reopen-event.ts'
import { setEventImage } from './commands/set-event-image.ts'
import { startEvent } from './commands/start-event.ts'
import { eventRowSchema } from './event-responses.ts'
import { EVENT_IMAGE_SIZE } from './events.ts'

/** /api/admin/events/:id/…: the event's image, and its start, reopening and end. */
export function eventLifecycleRoutes(deps: AdminEventsDeps) {
  return new Hono<AppEnv>()
    .post(
      '/image',
      adminDoc({
        summary: "Set the event's image",
        description:
          'A `multipart/form-data` body with the image in `file` (at most 5 MB); it is cropped to 16:9.',
        responses: { 200: json('Where the image is.', z.object({ imageUrl: z.string() })) },
        errors: [400, 404, 413],
      }),
      eventParam,
      bodyLimit({
        maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
        onError: () => {
          throw new ApiError(413, 'invalid_image', 'invalidImage')
        },
      }),
      async (c) => {
        const form = await c.req.formData().catch(() => null)
        const file = form?.get('file')
        if (!(file instanceof File) || file.size === 0 || file.size > MAX_UPLOAD_BYTES)
          throw new ApiError(400, 'invalid_image', 'invalidImage')
        const image = await processImage(Buffer.from(await file.arrayBuffer()), EVENT_IMAGE_SIZE)
        if (!image) throw new ApiError(400, 'invalid_image', 'invalidImage')
        const { id } = c.req.valid('param')
        return c.json({ imageUrl: await setEventImage(commandContext(c, deps), id, image) })
      },
    )
    .post(
      '/start',
      adminDoc({
        summary: 'Start the event',
        description:
          'At most one event is active at a time. An ended event is refused (409 `event_ended`): reopen it instead.',
        responses: { 200: json('The event, active.', eventRowSchema) },
        errors: [404, 409],
      }),
      eventParam,
      async (c) => c.json(await startEvent(commandContext(c, deps), c.req.valid('param').id)),
    )
    .post(
      '/reopen',
      adminDoc({
        summary: 'Reopen an ended event',
        description:
          'An ended evening is over: `start` refuses it (409 `event_ended`). Reopening is the deliberate way back: the event is active again, keeping its rounds and seating; the round that was running when it ended stays over. After-evening e-mails not yet sent are called off.',
        responses: { 200: json('The event, active again.', eventRowSchema) },
        errors: [404, 409],
      }),
      eventParam,
      async (c) => c.json(await reopenEvent(commandContext(c, deps), c.req.valid('param').id)),
    )
    .post(
      '/end',
      adminDoc({
        summary: 'End the event',
        description:
          'Who held a place and was never checked in is recorded as a no-show (the host may clear one); those who came get a thank-you e-mail (with the klikk link when they sat at a table), the others a short "we missed you" with the next date, each once per member and evening, however often the evening is reopened and ended. The e-mails wait 30 minutes (AFTER_EVENING_GRACE_MINUTES) and go only if the evening is still ended then: reopening within that time calls them off.',
        responses: { 200: json('The event, ended.', eventRowSchema) },
        errors: [404, 409],
      }),
      eventParam,
      async (c) => c.json(await endEvent(commandContext(c, deps), c.req.valid('param').id)),
    )
}
