export * from './jurisdiction';
export * from './accounts';
export * from './security';
export * from './lookups';
export * from './people';
export * from './documents';
export * from './applications';
export * from './citizen-access';
