import { DeleteAccountFlow } from '../features/auth/components/delete-account-flow.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'

/** /delete-account: the member deletes her account, with everything it holds (signed in only). */
export default function DeleteAccountPage() {
  return (
    <RequireRole allow="signed-in">
      <DeleteAccountFlow />
    </RequireRole>
  )
}
