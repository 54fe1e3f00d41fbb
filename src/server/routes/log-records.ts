import { LOG_RECORD_ENDPOINTS } from '../../contract/log-records.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { chainStatus } from '../services/log-chain-monitor';
import { logRecordsPage } from '../services/log-records.service';
import type { ZodApi } from '../http/zod-api';

/**
 * The Log Records calls (ADMIN only; docs/log-records.md): GET users/getlog (a page of records, filtered) and
 * GET users/getlog/chain (is the tamper-evident chain intact, and where does it break).
 */
export function registerLogRecordRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const { clock } = deps;

  serve(api, deps, LOG_RECORD_ENDPOINTS.page, async (request) => logRecordsPage(db, request.query));

  serve(api, deps, LOG_RECORD_ENDPOINTS.chain, (request) => {
    const log = (err: unknown) => request.log.error({ err }, 'the log chain check failed');
    return Promise.resolve(chainStatus(db, () => clock.now(), log));
  });

  return Promise.resolve();
}
