import { errorReplySchema } from '../../contract/api';
import { chainStatusSchema, logPageSchema, logQuerySchema } from '../../contract/log-records.contract';
import type { AppDeps } from '../deps';
import { requireStaff } from '../security/auth-guard';
import { chainStatus } from '../services/log-chain-monitor';
import { logRecordsPage } from '../services/log-records.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const tags = ['log records'];
const security = [{ bearer: [] }];

/**
 * The Log Records calls (ADMIN only; docs/log-records.md): GET users/getlog (a page of records, filtered) and
 * GET users/getlog/chain (is the tamper-evident chain intact, and where does it break).
 */
export function registerLogRecordRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const { clock } = deps;
  const onlyAdmin = requireStaff(deps, ['ADMIN']);

  api.get(
    '/users/getlog',
    {
      onRequest: onlyAdmin,
      schema: { tags, security, querystring: logQuerySchema, response: { 200: logPageSchema, ...errors } },
    },
    async (request) => logRecordsPage(db, request.query),
  );

  api.get(
    '/users/getlog/chain',
    { onRequest: onlyAdmin, schema: { tags, security, response: { 200: chainStatusSchema, ...errors } } },
    (request) => {
      const log = (err: unknown) => request.log.error({ err }, 'the log chain check failed');
      return Promise.resolve(chainStatus(db, () => clock.now(), log));
    },
  );

  return Promise.resolve();
}
