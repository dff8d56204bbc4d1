import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** Uploaded images (avatars now, event images later), resized and stored in the database. */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    /** The member an avatar belongs to; deleting her deletes it. */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avatar', 'event'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_idx').on(t.ownerId)],
)
