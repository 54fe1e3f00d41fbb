export * from './jurisdiction';
export * from './accounts';
export * from './security';
