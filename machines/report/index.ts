export { reportMachine } from './report.machine';
export * from './report.selectors';
export * from './report.types';
