import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { messageReplySchema } from '../../contract/api';
import type { Endpoint } from '../../contract/endpoint';
import {
  familyMemberBodySchema,
  helperBodySchema,
  memberParamsSchema,
  memberSavedReplySchema,
  TENANT_MESSAGES,
  tenantIdParamsSchema,
} from '../../contract/tenants.contract';
import {
  TENANT_RECORD_ENDPOINTS,
  type TenantRecordEndpoints,
} from '../../contract/tenants-endpoints.contract';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { callerOf } from '../security/caller';
import { refuseAudited } from '../security/refusals';
import {
  addFamilyMember,
  addHelper,
  listFamily,
  listHelpers,
  removeFamilyMember,
  removeHelper,
  tenantOfMember,
  type RemoveOutcome,
} from '../services/tenant-members.service';
import { NOT_YOUR_TENANT_MESSAGE, requireTenantReach } from '../services/tenant-scope';
import type { ZodApi } from '../http/zod-api';

/**
 * A kind's three endpoints in one twin's table. Their reply and body are the kind's own; the handlers below see
 * them through these wider types, which the type provider cannot see through anyway (the schemas parse them).
 */
interface MemberEndpoints {
  list: Endpoint<typeof tenantIdParamsSchema, undefined, undefined, z.ZodType>;
  add: Endpoint<typeof tenantIdParamsSchema, undefined, z.ZodType, typeof memberSavedReplySchema>;
  remove: Endpoint<typeof memberParamsSchema, undefined, undefined, typeof messageReplySchema>;
}

/**
 * What differs between a tenant's family members and its helpers: their endpoints, body, service calls and
 * messages. Everything else (guards, the reach check, the removal's refusals) is one code path for both.
 */
interface MemberKind<Body extends z.ZodType> {
  kind: 'family' | 'helper';
  endpoints: (table: TenantRecordEndpoints) => MemberEndpoints;
  /** How a message names one of them. */
  name: string;
  body: Body;
  list: (db: Db, tenantId: number) => Promise<unknown[]>;
  add: (db: Db, tenantId: number, body: z.infer<Body>) => Promise<number>;
  remove: (db: Db, tenantId: number, memberCode: number, now: Date) => Promise<RemoveOutcome>;
  saved: string;
  removed: string;
}

const memberKind = <Body extends z.ZodType>(kind: MemberKind<Body>) => kind;

const FAMILY_MEMBERS = memberKind({
  kind: 'family',
  endpoints: (table) => ({
    list: table.familyMembers,
    add: table.addFamilyMember,
    remove: table.removeFamilyMember,
  }),
  name: 'family member',
  body: familyMemberBodySchema,
  list: listFamily,
  add: addFamilyMember,
  remove: removeFamilyMember,
  saved: TENANT_MESSAGES.familySaved,
  removed: TENANT_MESSAGES.familyRemoved,
});

const HELPERS = memberKind({
  kind: 'helper',
  endpoints: (table) => ({ list: table.helpers, add: table.addHelper, remove: table.removeHelper }),
  name: 'helper',
  body: helperBodySchema,
  list: listHelpers,
  add: addHelper,
  remove: removeHelper,
  saved: TENANT_MESSAGES.helperSaved,
  removed: TENANT_MESSAGES.helperRemoved,
});

/** Family members and domestic helpers of a tenant, each call with its staff and citizen twin (docs/tenants-api.md). */
export function registerTenantMemberRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  registerMemberKindRoutes(api, deps, FAMILY_MEMBERS);
  registerMemberKindRoutes(api, deps, HELPERS);
  return Promise.resolve();
}

/** List, add and remove one kind of member, for officials (`register/`) and for the tenant's key (`process/`). */
function registerMemberKindRoutes<Body extends z.ZodType>(
  api: ZodApi,
  deps: AppDeps,
  m: MemberKind<Body>,
): void {
  const { db } = deps;
  const { clock } = deps;

  /**
   * After a removal found no such member of this tenant. An official: no such member here (404), the same
   * answer for a member of another tenant it does not reach (audited, as that tenant's refusal would be). A key holder gets the audited 403 of another's record either way, so member codes cannot be probed.
   */
  const settleRemoval = async (
    request: FastifyRequest,
    params: { id: number; memberCode: number },
    outcome: RemoveOutcome,
  ) => {
    if (outcome === 'already-left') throw new HttpError(409, `This ${m.name} has already been removed.`);
    if (outcome === 'not-found') {
      const owner = await tenantOfMember(db, m.kind, params.memberCode);
      if (callerOf(request).kind === 'citizen') await refuseAudited(deps, request, NOT_YOUR_TENANT_MESSAGE);
      const missing = `No such ${m.name} of this tenant.`;
      if (owner !== null && owner !== params.id) await requireTenantReach(deps, request, owner, missing);
      throw new HttpError(404, missing);
    }
  };

  for (const table of [TENANT_RECORD_ENDPOINTS.staff, TENANT_RECORD_ENDPOINTS.own]) {
    const endpoints = m.endpoints(table);
    serve(api, deps, endpoints.list, async (request) => {
      await requireTenantReach(deps, request, request.params.id);
      return m.list(db, request.params.id);
    });

    serve(api, deps, endpoints.add, async (request) => {
      await requireTenantReach(deps, request, request.params.id);
      // The type provider cannot see through the generic schema; the body has been parsed by the kind's schema.
      const memberCode = await m.add(db, request.params.id, request.body as z.infer<Body>);
      return { message: m.saved, memberCode };
    });

    serve(api, deps, endpoints.remove, async (request) => {
      const { id, memberCode } = request.params;
      await requireTenantReach(deps, request, id);
      const outcome = await m.remove(db, id, memberCode, clock.now());
      await settleRemoval(request, request.params, outcome);
      return { message: m.removed };
    });
  }
}
