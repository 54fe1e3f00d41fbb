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
import type { AppDeps, Clock } from '../app';
import { HttpError } from '../http/errors';
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
  requireTenantReach,
  TENANT_READERS,
  TENANT_WRITERS,
  tenantRouteVariants,
} from '../services/tenant-scope';
import type { ZodApi } from './index';

const errors = { '4xx': errorReplySchema };
const tags = ['tenants'];

const NAMES = { family: 'family member', helper: 'helper' } as const;

/** Family members and domestic helpers of a tenant, each call with its staff and citizen twin (docs/tenants-api.md). */
export function registerTenantMemberRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const clock: Clock = deps.clock ?? { now: () => new Date() };

  /**
   * After a removal found no such member of this tenant: a member of another tenant the caller does not reach
   * is refused like that tenant would be (403, audited); otherwise there is simply no such member here (404).
   */
  const settleRemoval = async (
    request: FastifyRequest,
    kind: 'family' | 'helper',
    params: { id: number; memberCode: number },
    outcome: RemoveOutcome,
  ) => {
    if (outcome === 'already-left') throw new HttpError(409, `This ${NAMES[kind]} has already been removed.`);
    if (outcome === 'not-found') {
      const owner = await tenantOfMember(db, kind, params.memberCode);
      if (owner !== null && owner !== params.id) await requireTenantReach(deps, request, owner);
      throw new HttpError(404, `No such ${NAMES[kind]} of this tenant.`);
    }
  };

  for (const v of tenantRouteVariants(deps, TENANT_READERS)) {
    api.get(
      `/${v.prefix}/tenant/:id/familymembers`,
      {
        onRequest: v.onRequest,
        schema: {
          tags,
          security: v.security,
          params: tenantIdParamsSchema,
          response: { 200: z.array(familyMemberSchema), ...errors },
        },
      },
      async (request) => {
        await requireTenantReach(deps, request, request.params.id);
        return listFamily(db, request.params.id);
      },
    );
    api.get(
      `/${v.prefix}/tenant/:id/helpers`,
      {
        onRequest: v.onRequest,
        schema: {
          tags,
          security: v.security,
          params: tenantIdParamsSchema,
          response: { 200: z.array(helperSchema), ...errors },
        },
      },
      async (request) => {
        await requireTenantReach(deps, request, request.params.id);
        return listHelpers(db, request.params.id);
      },
    );
  }

  for (const v of tenantRouteVariants(deps, TENANT_WRITERS)) {
    api.post(
      `/${v.prefix}/tenant/:id/familymembers`,
      {
        onRequest: v.onRequest,
        schema: {
          tags,
          security: v.security,
          params: tenantIdParamsSchema,
          body: familyMemberBodySchema,
          response: { 200: memberSavedReplySchema, ...errors },
        },
      },
      async (request) => {
        await requireTenantReach(deps, request, request.params.id);
        const memberCode = await addFamilyMember(db, request.params.id, request.body);
        return { message: TENANT_MESSAGES.familySaved, memberCode };
      },
    );
    api.post(
      `/${v.prefix}/tenant/:id/helpers`,
      {
        onRequest: v.onRequest,
        schema: {
          tags,
          security: v.security,
          params: tenantIdParamsSchema,
          body: helperBodySchema,
          response: { 200: memberSavedReplySchema, ...errors },
        },
      },
      async (request) => {
        await requireTenantReach(deps, request, request.params.id);
        const memberCode = await addHelper(db, request.params.id, request.body);
        return { message: TENANT_MESSAGES.helperSaved, memberCode };
      },
    );
  }

  for (const v of tenantRouteVariants(deps, MEMBER_REMOVERS)) {
    api.delete(
      `/${v.prefix}/tenant/:id/familymembers/:memberCode`,
      {
        onRequest: v.onRequest,
        schema: {
          tags,
          security: v.security,
          params: memberParamsSchema,
          response: { 200: messageReplySchema, ...errors },
        },
      },
      async (request) => {
        const { id, memberCode } = request.params;
        await requireTenantReach(deps, request, id);
        const outcome = await removeFamilyMember(db, id, memberCode, clock.now());
        await settleRemoval(request, 'family', request.params, outcome);
        return { message: TENANT_MESSAGES.familyRemoved };
      },
    );
    api.delete(
      `/${v.prefix}/tenant/:id/helpers/:memberCode`,
      {
        onRequest: v.onRequest,
        schema: {
          tags,
          security: v.security,
          params: memberParamsSchema,
          response: { 200: messageReplySchema, ...errors },
        },
      },
      async (request) => {
        const { id, memberCode } = request.params;
        await requireTenantReach(deps, request, id);
        const outcome = await removeHelper(db, id, memberCode, clock.now());
        await settleRemoval(request, 'helper', request.params, outcome);
        return { message: TENANT_MESSAGES.helperRemoved };
      },
    );
  }

  return Promise.resolve();
}
