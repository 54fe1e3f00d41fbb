/** The clearance flows (docs/clearance.md): the anonymous clearance of the Clearance tab and the landing page. */
export * from './anonymous-clearance.types';
export * from './anonymous-clearance.machine';
export * from './anonymous-clearance.selectors';
export * from './tenant-application.types';
export * from './tenant-application.machine';
export * from './tenant-application.selectors';
export * from './clearance-wizard.types';
export * from './clearance-wizard.machine';
export * from './clearance-wizard.selectors';
export * from './unit-consent.machine';
