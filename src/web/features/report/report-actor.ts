import { createActorContext } from '@xstate/react';
import { httpReportApi } from './report-api';
import { reportLogic } from './report.wiring';

/** The report machine of the Application Report screen; stories and tests swap its logic for fakes. */
export const ReportActor = createActorContext(reportLogic(httpReportApi));
