import { Alert } from '@mantine/core';
import { MediaUpdatePage } from '../../features/media-update/media-update-page';
import { useStaffSession } from '../use-staff-session';

/** /app/media-update: ADMIN only (the server refuses other roles too); another role reads why. */
export function MediaUpdateRoute() {
  const session = useStaffSession();
  if (!session) return null;
  if (session.role !== 'ADMIN') {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        Only an administrator updates the landing page&apos;s image.
      </Alert>
    );
  }
  return <MediaUpdatePage />;
}
