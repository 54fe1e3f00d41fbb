import type { ReportQuery } from '../../../../machines/report';
import { REPORT_STATUS_REQUIRED, type ReportStatus } from '../../../contract/reports.contract';

/** The Application Report's fields as the form holds them: dates yyyy-MM-dd (shown dd-MM-yyyy), codes or null. */
export interface ReportFormValues {
  startDate: string | null;
  endDate: string | null;
  policeStation: string | null;
  locality: string | null;
  localAuthority: string | null;
  statuscode: ReportStatus | null;
}

export const EMPTY_REPORT_FORM: ReportFormValues = {
  startDate: null,
  endDate: null,
  policeStation: null,
  locality: null,
  localAuthority: null,
  statuscode: null,
};

export const REPORT_FORM_MESSAGES = {
  startDate: 'Please select a Start Date',
  endDate: 'Please select an End Date',
  endBeforeStart: 'The End Date must not be before the Start Date',
  afterToday: 'The date must not be after today',
  policeStation: 'Please select a Police Station',
  statuscode: REPORT_STATUS_REQUIRED,
} as const;

export type ReportFormErrors = Partial<Record<keyof ReportFormValues, string>>;

/** The form's rules (backoffice.md section 5); a supervisor must also pick a police station. */
export function reportFormErrors(
  values: ReportFormValues,
  supervisor: boolean,
  today: string,
): ReportFormErrors {
  const errors: ReportFormErrors = {};
  if (!values.startDate) errors.startDate = REPORT_FORM_MESSAGES.startDate;
  else if (values.startDate > today) errors.startDate = REPORT_FORM_MESSAGES.afterToday;
  if (!values.endDate) errors.endDate = REPORT_FORM_MESSAGES.endDate;
  else if (values.endDate > today) errors.endDate = REPORT_FORM_MESSAGES.afterToday;
  else if (values.startDate && values.endDate < values.startDate) {
    errors.endDate = REPORT_FORM_MESSAGES.endBeforeStart;
  }
  if (supervisor && !values.policeStation) errors.policeStation = REPORT_FORM_MESSAGES.policeStation;
  if (!values.statuscode) errors.statuscode = REPORT_FORM_MESSAGES.statuscode;
  return errors;
}

/**
 * The query of valid values: a supervisor reports on its chosen station, a verifier on its own district (its
 * usercode); the locality and ward narrow the supervisor's station.
 */
export function reportQueryOf(
  values: ReportFormValues,
  viewer: { username: string; usercode: string },
  supervisor: boolean,
): ReportQuery {
  return {
    username: viewer.username,
    startDate: values.startDate!,
    endDate: values.endDate!,
    code: supervisor ? values.policeStation! : viewer.usercode,
    policeStation: supervisor ? values.policeStation : null,
    locality: supervisor ? values.locality : null,
    localAuthority: supervisor ? values.localAuthority : null,
    statuscode: values.statuscode!,
  };
}
