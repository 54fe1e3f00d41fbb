/** The clearance-application lifecycle: one machine, used by the server (may this official act?), the browser
 * (which actions exist) and the docs (the workflow picture). See docs/application-lifecycle.md. */
export * from './statuses';
export * from './jurisdiction';
export * from './rejection-reasons';
export * from './lifecycle.events';
export * from './lifecycle.machine';
export * from './lifecycle.selectors';
export * from './lifecycle.replay';
export * from './lifecycle.diagram';
