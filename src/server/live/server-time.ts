/** The server's clock, so screens can correct their own (a header on the polling read). */
export const SERVER_TIME_HEADER = 'X-Server-Time'
