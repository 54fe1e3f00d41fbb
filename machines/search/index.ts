/** The officials' search of tenants and landlords (docs/search.md): top bar dialog and update-tenant page. */
export * from './search.machine';
export * from './search.selectors';
