import { Alert } from '@mantine/core';
import { ReportActor } from '../../features/report/report-actor';
import { ReportPage } from '../../features/report/report-page';
import { useStaffSession } from '../use-staff-session';
import { inspectOptions } from '../../lib/machine-inspector';

/** The roles of the report (backoffice.md section 2); the server refuses every other role too. */
const REPORT_ROLES: readonly string[] = ['VERIFIER', 'SUPERVISOR'];

/** /app/report: the Application Report of a VERIFIER (its district) or a SUPERVISOR (any police station). */
export function ReportRoute() {
  const session = useStaffSession();
  if (!session) return null;
  if (!REPORT_ROLES.includes(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        The Application Report is for verifiers and supervisors.
      </Alert>
    );
  }
  return (
    <ReportActor.Provider options={inspectOptions()}>
      <ReportPage viewer={{ username: session.username, usercode: session.usercode, role: session.role }} />
    </ReportActor.Provider>
  );
}
