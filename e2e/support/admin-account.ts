/** The account the setup project makes; the test site lists it in ADMIN_EMAILS. */
export const ADMIN = {
  email: 'e2e-admin@example.com',
  password: 'admin-secret-1',
  name: 'Admin Anna',
} as const
