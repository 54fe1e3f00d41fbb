import { Alert } from '@mantine/core';
import { LogRecordsPage } from '../../features/log-records/log-records-page';
import { useStaffSession } from '../use-staff-session';

/** /app/log-records: ADMIN only (the server refuses other roles too); another role reads why. */
export function LogRecordsRoute() {
  const session = useStaffSession();
  if (!session) return null;
  if (session.role !== 'ADMIN') {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        Only an administrator reads the log records.
      </Alert>
    );
  }
  return <LogRecordsPage />;
}
