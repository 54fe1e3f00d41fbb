import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { CONTRACT_ENDPOINTS } from '../../src/contract/endpoints';
import { apiRoutesOf } from '../../src/server/http/route-table';
import { useTestApp } from '../support/test-app';

// One route table (docs/architecture.md): every endpoint the contract declares is registered by the server, at its
// method and path, with the credential its access names in the OpenAPI document; and the server registers no route
// the contract does not declare. The app runs with every test app's demo opt-in, so the demo outbox is there too.

const endpoints = Object.entries(CONTRACT_ENDPOINTS).flatMap(([area, table]) =>
  Object.entries(table).map(([name, endpoint]) => ({ name: `${area}.${name}`, endpoint })),
);

describe('the contract route table', () => {
  const t = useTestApp('pglite', { demo: false });

  it.each(endpoints)('the server registers $name from the contract', ({ endpoint }) => {
    const route = apiRoutesOf(t.app).find(
      (r) => r.method === endpoint.method && r.url === `${API_BASE}${endpoint.path}`,
    );
    expect(route, `${endpoint.method} ${endpoint.path}`).toBeDefined();
    const security = (route?.schema as { security?: object[] } | undefined)?.security;
    const access = endpoint.access;
    const expected =
      'staff' in access ? [{ bearer: [] }] : 'citizen' in access ? [{ apiKey: [] }] : undefined;
    expect(security).toEqual(expected);
  });

  it('registers no route the contract does not declare', () => {
    const declared = new Set(
      endpoints.map(({ endpoint }) => `${endpoint.method} ${API_BASE}${endpoint.path}`),
    );
    const undeclared = apiRoutesOf(t.app)
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !declared.has(route));
    expect(undeclared).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
