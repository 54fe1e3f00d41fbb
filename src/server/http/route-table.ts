import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One API route as registered: what a test needs to call it (the contract fuzz test walks them all). */
export interface ApiRoute {
  method: HTTPMethods;
  /** The full path with its prefix, in Fastify's syntax ('/mrssapi/mrss/v-1/process/x/:id'). */
  url: string;
  schema?: FastifySchema;
}

// Keyed by the HTTP server, which the app and every encapsulated scope share: the test holds the app, the
// routes are registered in the API scope.
const tables = new WeakMap<object, ApiRoute[]>();

/** Records every route that `api` registers from now on. Call before registering the routes. */
export function recordApiRoutes(api: FastifyInstance): void {
  const table: ApiRoute[] = [];
  tables.set(api.server, table);
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds HEAD beside each GET; it is the same route.
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, schema: route.schema });
    }
  });
}

/** The API routes of an app built by buildApp (empty when none were recorded). */
export function apiRoutesOf(app: FastifyInstance): readonly ApiRoute[] {
  return tables.get(app.server) ?? [];
}
