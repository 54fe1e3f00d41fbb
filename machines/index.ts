import type { AnyStateMachine } from 'xstate';
import { lifecycleMachine } from './application';
import { landlordStepperMachine, otpAccessMachine, tenantStepperMachine } from './access';
import { idleSessionMachine, passwordChangeMachine, staffLoginMachine } from './session';
import { anonymousClearanceMachine } from './clearance';
import { clearanceWizardMachine } from './clearance/clearance-wizard.machine';
import { tenantApplicationMachine } from './clearance/tenant-application.machine';
import { unitConsentMachine } from './clearance/unit-consent.machine';
import { insightsExportMachine } from './insights-export/insights-export.machine';
import { landlordLookupMachine } from './landlord-office/landlord-lookup.machine';
import { reportMachine } from './report/report.machine';
import { searchMachine } from './search/search.machine';
import { trackerMachine } from './tracker';

/**
 * Every workflow machine of the product, by a stable name: the docs, the workflow explorer and the model
 * tests walk this registry, so a machine added here is drawn and tested like the others.
 */
export const machineRegistry = {
  applicationLifecycle: {
    machine: lifecycleMachine,
    title: 'Clearance application lifecycle',
    doc: 'docs/application-lifecycle.md',
  },
  staffLogin: { machine: staffLoginMachine, title: 'Staff login', doc: null },
  idleSession: { machine: idleSessionMachine, title: 'Idle session', doc: null },
  passwordChange: {
    machine: passwordChangeMachine,
    title: 'Password change by OTP',
    doc: 'docs/citizen-machines.md',
  },
  otpAccess: {
    machine: otpAccessMachine,
    title: 'OTP access (citizen key)',
    doc: 'docs/citizen-machines.md',
  },
  landlordStepper: {
    machine: landlordStepperMachine,
    title: 'Landlord login and registration',
    doc: 'docs/citizen-machines.md',
  },
  tenantStepper: {
    machine: tenantStepperMachine,
    title: 'Tenant login and registration',
    doc: 'docs/citizen-machines.md',
  },
  tracker: { machine: trackerMachine, title: 'Track Application Status', doc: 'docs/tracker.md' },
  anonymousClearance: {
    machine: anonymousClearanceMachine,
    title: 'Clearance application (landlord, by OTP)',
    doc: 'docs/clearance.md',
  },
  clearanceWizard: {
    machine: clearanceWizardMachine,
    title: 'Clearance wizard (officials: New Application, Offline Application)',
    doc: 'docs/office-applications.md',
  },
  unitConsent: {
    machine: unitConsentMachine,
    title: "The landlord's consent to a rental unit (officials)",
    doc: 'docs/reach.md',
  },
  tenantApplication: {
    machine: tenantApplicationMachine,
    title: 'Tenant Applications (officials: create and apply)',
    doc: 'docs/office-applications.md',
  },
  report: { machine: reportMachine, title: 'Application Report', doc: 'docs/reports.md' },
  search: {
    machine: searchMachine,
    title: 'Search of tenants and landlords (dialog and Delete Tenant page)',
    doc: 'docs/search.md',
  },
  insightsExport: { machine: insightsExportMachine, title: 'Event-log export', doc: 'docs/event-export.md' },
  landlordLookup: {
    machine: landlordLookupMachine,
    title: "Officials' landlord lookup by EPIC (Landlords screen)",
    doc: 'docs/staff-registration.md',
  },
} as const satisfies Record<string, { machine: AnyStateMachine; title: string; doc: string | null }>;

export type MachineName = keyof typeof machineRegistry;

export * as access from './access';
export * as application from './application';
export * as clearance from './clearance';
export * as session from './session';
