import { Alert } from '@mantine/core';
import { ProfilePage } from '../../features/profile/profile-page';
import { UsersPage } from '../../features/users-admin/users-page';
import { useStaffSession } from '../use-staff-session';

/** /app/users: ADMIN only (the server refuses other roles too); another role reads why. */
export function UsersRoute() {
  const session = useStaffSession();
  if (!session) return null;
  if (session.role !== 'ADMIN') {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        Only an administrator creates and deletes user accounts.
      </Alert>
    );
  }
  return <UsersPage />;
}

/** /app/profile: every role, its own profile. */
export function ProfileRoute() {
  const session = useStaffSession();
  if (!session) return null;
  return <ProfilePage />;
}
