/** Business constants from SPEC.md section 9. Import these; never retype the numbers. */
export const PASSWORD_MIN_LENGTH = 6
export const MARKETING_CARD_COUNT = 6
export const CAROUSEL_AUTO_ADVANCE_MS = 4_000
export const SWIPE_THRESHOLD_PX = 50
export const MENU_CLOSE_DELAY_MS = 300
export const ROLE_READ_DELAY_MS = 200
export const DEFAULT_ROUND_DURATION_MINUTES = 60
export const EVENT_CARD_REFRESH_MS = 1_000
export const KLIKKSCREEN_POLL_MS = 5_000
export const REDIRECT_DELAY_MS = 3_000
export const LAUNCH_YEAR = 2026
/** The longest name a newsletter subscriber gives (the schema and the form's field both hold to it). */
export const NEWSLETTER_NAME_MAX_LENGTH = 100

/**
 * Where the landing page's newsletter form posts as a plain HTML form, before its script has
 * arrived or without it (server/newsletter/newsletter-form.routes.ts answers with a page).
 */
export const NEWSLETTER_FORM_PATH = '/newsletter/subscribe'
/** The longest part of a member's name (given or family): the schema and the form's fields hold to it. */
export const NAME_MAX_LENGTH = 100
/** How long the door screen offers to undo a check-in. */
export const CHECK_IN_UNDO_MS = 10_000
/** The most seats a table may have. */
export const TABLE_MAX_SEATS = 50
/**
 * Check-in at the door opens this long before the event's start, without starting the evening
 * (decision 64): the site's default for every event.
 */
export const CHECK_IN_LEAD_MS = 60 * 60_000
/** A door helper's screen opens this long before the event's start (and closes when it ends). */
export const DOOR_HELPER_LEAD_MS = 2 * 60 * 60_000
/**
 * How long after the host ends an evening the big screen and members' phones keep showing its
 * closing (thanks, the new acquaintances, what comes next): into the next morning (decision 63).
 */
export const EVENING_CLOSING_MS = 12 * 60 * 60_000
