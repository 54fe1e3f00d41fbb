import type { FastifyInstance } from 'fastify';
import { findTextRuleProblem, textRuleMessage } from '../../contract/text-rules';
import { HttpError } from './errors';

/** The parts of a request that carry text a handler reads, by the names the messages use. */
const PARTS = ['params', 'query', 'body'] as const;

/**
 * Applies the contract's text rule (src/contract/text-rules.ts) to every route of `api`, once, before the route's
 * schema validates: a NUL or a lone surrogate anywhere in the path parameters, the query or the parsed body (or
 * nesting beyond MAX_INPUT_DEPTH) is a 400 with the field named. It runs after onRequest, so an anonymous caller
 * of a staff route still gets 401 first. The central error handler audits the refusal.
 */
export function installInputTextRule(api: FastifyInstance): void {
  api.addHook('preValidation', (request, _reply, done) => {
    for (const part of PARTS) {
      const problem = findTextRuleProblem(request[part], part);
      if (problem) return done(new HttpError(400, textRuleMessage(problem)));
    }
    done();
  });
}
