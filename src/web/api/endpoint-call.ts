import {
  fillPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
} from '../../contract/endpoint';
import { api } from './client';

/** What a call of an endpoint sends: the params its path names, its query and its body, each typed by the contract. */
export type EndpointInput<E> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/** The endpoint's URL under the API base, its path params filled in and encoded ('process/GenerateRC/12'). */
export function endpointUrl<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>): string {
  return fillPath(endpoint.path, params as Record<string, unknown> | undefined).replace(/^\//, '');
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
  const { params, query, body } = input as { params?: unknown; query?: unknown; body?: unknown };
  const reply: unknown = await api(endpointUrl(endpoint, params as ParamsOf<E>), {
    method: endpoint.method,
    ...(query !== undefined ? { query: query as Record<string, unknown> } : {}),
    ...(body !== undefined ? { body: body as Record<string, unknown> } : {}),
    signal,
  });
  return (endpoint.reply ? endpoint.reply.parse(reply) : reply) as ReplyOf<E>;
}
