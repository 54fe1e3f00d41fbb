import {
  fillPath,
  type BodyInputOf,
  type Endpoint,
  type ParamsInputOf,
  type QueryInputOf,
  type ReplyOf,
} from '../../contract/endpoint';
import { api } from './client';

/**
 * What a call of an endpoint sends: the params its path names, its query and its body, each typed by the input side
 * of the contract's schemas (what the server parses them from).
 */
export type EndpointInput<E> = (ParamsInputOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsInputOf<E> }) &
  (QueryInputOf<E> extends undefined ? { query?: undefined } : { query?: QueryInputOf<E> }) &
  (BodyInputOf<E> extends undefined ? { body?: undefined } : { body: BodyInputOf<E> }) & {
    /** A credential other than the stored one (the password change's own 'user' key). */
    headers?: Record<string, string>;
  };

/** The endpoint's URL under the API base, its path params filled in and encoded ('process/GenerateRC/12'). */
export function endpointUrl<E extends Endpoint>(endpoint: E, params?: ParamsInputOf<E>): string {
  return fillPath(endpoint.path, params).replace(/^\//, '');
}

/**
 * Calls an endpoint of the contract through the one HTTP client (credentials, timeout, failure handling) and
 * parses the reply with the endpoint's reply schema: a reply that breaks the contract throws instead of flowing on.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  signal?: AbortSignal,
): Promise<ReplyOf<E>> {
  const { params, query, body, headers } = input as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const reply: unknown = await api(endpointUrl(endpoint, params as ParamsInputOf<E>), {
    method: endpoint.method,
    ...(query !== undefined ? { query: query as Record<string, unknown> } : {}),
    ...(body !== undefined ? { body: body as Record<string, unknown> } : {}),
    ...(headers ? { headers } : {}),
    signal,
  });
  return (endpoint.reply ? endpoint.reply.parse(reply) : reply) as ReplyOf<E>;
}
