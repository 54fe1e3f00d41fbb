export * from './landlord-lookup.machine';
