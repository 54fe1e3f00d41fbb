import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { errorReplySchema } from '../../contract/api';
import type { Access, BodyOf, Endpoint, ParamsOf, QueryOf, ReplyOf } from '../../contract/endpoint';
import type { AppDeps } from '../deps';
import { requireStaff } from '../security/auth-guard';
import { requireCitizen } from '../security/citizen-guard';
import type { ZodApi } from './zod-api';

/** The request of an endpoint's handler: params, query and body typed by the endpoint's schemas. */
export type EndpointRequest<E> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** What an endpoint's handler returns: its reply, or (for a non-JSON endpoint) what it sent itself. */
export type EndpointResult<E> = E extends Endpoint<never, never, never, null> ? unknown : ReplyOf<E>;

export type EndpointHandler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>>;

export interface ServeOptions {
  /** Hooks run before the access guard (an address's rate limit on a public endpoint). */
  before?: onRequestAsyncHookHandler[];
  /** Error replies beyond the 4xx every endpoint documents (a 5xx the handler may answer). */
  serverErrors?: true;
}

/** The guard an endpoint's access asks for (none for a public endpoint). */
function guardOf(deps: AppDeps, access: Access): onRequestAsyncHookHandler | null {
  if ('staff' in access) return requireStaff(deps, access.staff === 'any' ? undefined : access.staff);
  if ('citizen' in access) {
    return requireCitizen(deps, access.citizen, { heldChangeKeys: access.heldChangeKeys === true });
  }
  return null;
}

/** The OpenAPI credential an endpoint's access names. */
function securityOf(access: Access): { [name: string]: string[] }[] | undefined {
  if ('staff' in access) return [{ bearer: [] }];
  if ('citizen' in access) return [{ apiKey: [] }];
  return undefined;
}

/**
 * Registers one endpoint of the contract: its method and path, its guard from its access, its schemas (which
 * validate the request and the reply and make the OpenAPI document), and the handler.
 */
export function serve<E extends Endpoint>(
  api: ZodApi,
  deps: AppDeps,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: ServeOptions = {},
): void {
  const guard = guardOf(deps, endpoint.access);
  const onRequest = [...(options.before ?? []), ...(guard ? [guard] : [])];
  const errors = options.serverErrors
    ? { '4xx': errorReplySchema, '5xx': errorReplySchema }
    : { '4xx': errorReplySchema };
  const security = securityOf(endpoint.access);
  const route: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    ...(onRequest.length > 0 ? { onRequest } : {}),
    schema: {
      tags: [endpoint.tag],
      ...(security ? { security } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: endpoint.reply ? { 200: endpoint.reply, ...errors } : errors,
    },
    handler: handler as unknown as RouteOptions['handler'],
  };
  api.route(route);
}
