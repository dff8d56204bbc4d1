import { RETURN_PATH_PARAM } from './return-path.ts'

/**
 * The addresses the web app has a screen for (src/web/router.tsx and routes/admin-area.tsx;
 * site-paths.test.ts holds the two lists together). The server answers any other address with
 * the "page not found" page and status 404, unless it is a sign-in callback (below).
 */
const SCREENS = new Set([
  '/',
  '/landing',
  '/home',
  '/welcome',
  '/privacy-policy',
  '/signup',
  '/login',
  '/forgot-password',
  '/change-password',
  '/account',
  '/events',
  '/admin',
  '/admin-setup',
  '/delete-account',
  '/newsletter/verify',
  '/newsletter/unsubscribe',
  '/series/unfollow',
  '/klikkscreen',
  '/screen',
  '/auth/callback',
])
/** Screens with a part of the address of their own (an id): the screen itself says if it exists. */
const SCREEN_PREFIXES = [
  '/admin/',
  '/newsletter/issues/',
  '/screen/',
  '/events/offer/',
  '/events/friend/',
]

export const SIGN_IN_CALLBACK_PATH = '/auth/callback'

export function isScreenPath(path: string): boolean {
  return SCREENS.has(path) || SCREEN_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/**
 * What a sign-in link brings (SPEC: tokens and type in the hash; Better Auth: an error or a type
 * in the query; ours: the page to go on to). An address with any of them is the sign-in callback,
 * whatever its path, as SPEC's route table has it.
 */
const CALLBACK_PARAMS = [
  'type',
  'token',
  'error',
  'access_token',
  'refresh_token',
  RETURN_PATH_PARAM,
]

export function isSignInCallback(search: string, hash = ''): boolean {
  const params = new URLSearchParams(`${search.replace(/^\?/, '')}&${hash.replace(/^#/, '')}`)
  return CALLBACK_PARAMS.some((name) => params.has(name))
}
