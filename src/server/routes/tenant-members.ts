import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../contract/api';
import {
  familyMemberBodySchema,
  familyMemberSchema,
  helperBodySchema,
  helperSchema,
  memberParamsSchema,
  memberSavedReplySchema,
  TENANT_MESSAGES,
  tenantIdParamsSchema,
} from '../../contract/tenants.contract';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
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
import {
  MEMBER_REMOVERS,
  NOT_YOUR_TENANT_MESSAGE,
  requireTenantReach,
  TENANT_READERS,
  TENANT_WRITERS,
  tenantRouteVariants,
  type TenantRouteVariant,
} from '../services/tenant-scope';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const tags = ['tenants'];

/**
 * What differs between a tenant's family members and its helpers: their path, schemas, service calls and
 * messages. Everything else (guards, the reach check, the removal's refusals) is one code path for both.
 */
interface MemberKind<Body extends z.ZodType, Item extends z.ZodType> {
  kind: 'family' | 'helper';
  /** The path segment under `tenant/{id}/`. */
  segment: string;
  /** How a message names one of them. */
  name: string;
  body: Body;
  item: Item;
  list: (db: Db, tenantId: number) => Promise<z.infer<Item>[]>;
  add: (db: Db, tenantId: number, body: z.infer<Body>) => Promise<number>;
  remove: (db: Db, tenantId: number, memberCode: number, now: Date) => Promise<RemoveOutcome>;
  saved: string;
  removed: string;
}

const memberKind = <Body extends z.ZodType, Item extends z.ZodType>(kind: MemberKind<Body, Item>) => kind;

const FAMILY_MEMBERS = memberKind({
  kind: 'family',
  segment: 'familymembers',
  name: 'family member',
  body: familyMemberBodySchema,
  item: familyMemberSchema,
  list: listFamily,
  add: addFamilyMember,
  remove: removeFamilyMember,
  saved: TENANT_MESSAGES.familySaved,
  removed: TENANT_MESSAGES.familyRemoved,
});

const HELPERS = memberKind({
  kind: 'helper',
  segment: 'helpers',
  name: 'helper',
  body: helperBodySchema,
  item: helperSchema,
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
function registerMemberKindRoutes<Body extends z.ZodType, Item extends z.ZodType>(
  api: ZodApi,
  deps: AppDeps,
  m: MemberKind<Body, Item>,
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

  /** The route options every member call shares: the variant's guard, its OpenAPI security and these schemas. */
  const guarded = <S extends object>(v: TenantRouteVariant, schema: S) => ({
    onRequest: v.onRequest,
    schema: { tags, security: v.security, ...schema },
  });
  const path = (v: TenantRouteVariant) => `/${v.prefix}/tenant/:id/${m.segment}`;

  for (const v of tenantRouteVariants(deps, TENANT_READERS)) {
    api.get(
      path(v),
      guarded(v, { params: tenantIdParamsSchema, response: { 200: z.array(m.item), ...errors } }),
      async (request) => {
        await requireTenantReach(deps, request, request.params.id);
        return m.list(db, request.params.id);
      },
    );
  }

  for (const v of tenantRouteVariants(deps, TENANT_WRITERS)) {
    api.post(
      path(v),
      guarded(v, {
        params: tenantIdParamsSchema,
        body: m.body,
        response: { 200: memberSavedReplySchema, ...errors },
      }),
      async (request) => {
        await requireTenantReach(deps, request, request.params.id);
        // The type provider cannot see through the generic schema; the body has been parsed by `m.body`.
        const memberCode = await m.add(db, request.params.id, request.body as z.infer<Body>);
        return { message: m.saved, memberCode };
      },
    );
  }

  for (const v of tenantRouteVariants(deps, MEMBER_REMOVERS)) {
    api.delete(
      `${path(v)}/:memberCode`,
      guarded(v, { params: memberParamsSchema, response: { 200: messageReplySchema, ...errors } }),
      async (request) => {
        const { id, memberCode } = request.params;
        await requireTenantReach(deps, request, id);
        const outcome = await m.remove(db, id, memberCode, clock.now());
        await settleRemoval(request, request.params, outcome);
        return { message: m.removed };
      },
    );
  }
}
