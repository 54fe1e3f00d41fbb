/** The event-log export of the insights (docs/event-export.md). */
export * from './insights-export.machine';
export * from './insights-export.selectors';
export * from './insights-export.types';
