import type { ReportQuery } from '../../machines/report';

/** A supervisor's first-quarter report on one police station, 'Pending at Sub-localities': the query the report's
 * stories submit and its model test replays (a plain module, so the machine test loads no React). */
export const STORY_QUERY: ReportQuery = {
  username: 'supervisor',
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  code: 'PS1701001',
  policeStation: 'PS1701001',
  locality: null,
  localAuthority: null,
  statuscode: 'PLVP',
};
