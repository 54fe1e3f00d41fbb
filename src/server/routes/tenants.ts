import { updatedReply } from '../../contract/channel-changes.contract';
import { TENANT_MESSAGES, type TenantBody } from '../../contract/tenants.contract';
import { TENANT_ENDPOINTS, TENANT_RECORD_ENDPOINTS } from '../../contract/tenants-endpoints.contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { maskEmail, maskMobile } from '../notify/channel-notice';
import { deliverStatusNotice } from '../notify/status-notice';
import { tenantRegistrationPdf } from '../pdf/tenant-registration.pdf';
import { auditContext, writeAuditLog } from '../security/audit-log';
import { staffOf } from '../security/auth-guard';
import { callerOf } from '../security/caller';
import { admitAddressLookup, settleLookup } from '../security/lookup-limit';
import { callerLabel, refuseAudited } from '../security/refusals';
import { requireTenantReach, tenantRefusalMessage } from '../services/tenant-scope';
import {
  createTenant,
  deleteTenant,
  tenantIdByIdNumber,
  updateTenant,
} from '../services/tenants-records.service';
import { pendingChannelChange, planChannelUpdate } from '../services/channel-changes/channel-changes.service';
import { planRegistrationChannel, tellTenantDeleted } from '../services/channel-changes/deleted-identities';
import { contestedSince } from '../services/channel-changes/contested-records';
import { tenantRegistrationData } from '../services/tenants-registration-form.service';
import { loadTenant } from '../services/tenants-shape';
import type { ZodApi } from '../http/zod-api';
import { changeRecordTellingPerson } from '../services/record-change-notice';

/** Tenant records: create, update, read by id or ID number, existence check, delete (docs/tenants-api.md). */
export function registerTenantRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const { clock } = deps;
  /** The record with its held channel change; a change that fell due is applied first, so the record shows it. */
  const tenantWithPendingChange = async (request: FastifyRequest, id: number) => {
    const subject = { kind: 'tenant' as const, tenantId: id };
    const pending = await pendingChannelChange(deps, subject);
    const tenant = await loadTenant(db, { id });
    if (!tenant) throw new HttpError(404, TENANT_MESSAGES.notFound);
    // Officials see whether the record is contested (a locality officer settles it at the counter).
    const contested = request.staff ? { channelContested: (await contestedSince(db, subject)) !== null } : {};
    return { ...tenant, pendingChannelChange: pending, ...contested };
  };

  /**
   * Saves a registration: an ID number of a recently deleted record starts on that record's channel, and the
   * registrant's different mobile or email is held (docs/otp-channel-changes.md, "Deleted and registered again").
   */
  const registerTenant = async (request: FastifyRequest, body: TenantBody, registeredArea: string | null) => {
    const channel = await planRegistrationChannel(deps, request, body.epicNo, body);
    const { tenant: created, notFirstRegistration } = await createTenant(
      db,
      body,
      registeredArea,
      channel.initial,
    );
    const held = await channel.settle({ kind: 'tenant', tenantId: created.id });
    if (notFirstRegistration) await recordNotFirstRegistration(request, created.id);
    // The registrant sees the kept channel masked only: it may be someone else's.
    const tenant = held
      ? {
          ...created,
          mobile: maskMobile(created.mobile),
          email: created.email ? maskEmail(created.email) : null,
          pendingChannelChange: held,
        }
      : created;
    const saved = notFirstRegistration
      ? `${TENANT_MESSAGES.saved} ${TENANT_MESSAGES.registeredBefore}`
      : TENANT_MESSAGES.saved;
    return { ...updatedReply(saved, held, 'citizen'), id: tenant.id, tenant };
  };

  /** The audit line of a counter registration that stands for no consent (docs/reach.md, attack F-B). */
  const recordNotFirstRegistration = async (request: FastifyRequest, tenantId: number) => {
    await writeAuditLog(db, {
      ...auditContext(request),
      kind: 'admin',
      username: staffOf(request).username,
      at: clock.now(),
      remark:
        `Registered tenant ${tenantId} at the counter with the ID number of a deleted record: saved without ` +
        `registered_area (no consent: reached only through applications the tenant consented to)`,
    });
  };

  // Anyone may register as a tenant (no key yet: the key comes from the OTP after saving). Each attempt is an
  // identity lookup ("is this ID registered?"), counted per address like the other anonymous lookups.
  serve(api, deps, TENANT_ENDPOINTS.registerSelf, async (request) => {
    const lookup = await admitAddressLookup(deps, request, 'tenant registration');
    const saved = await registerTenant(request, request.body, null);
    await settleLookup(deps, lookup, `tenant:${saved.id}`, 'lookup');
    return saved;
  });

  serve(api, deps, TENANT_ENDPOINTS.register, (request) =>
    registerTenant(request, request.body, staffOf(request).usercode),
  );

  // "Is this ID registered?" for the tenant stepper's Register tab: 404 means a fresh registration. No
  // personal data either way; anonymous callers are counted per address.
  serve(api, deps, TENANT_ENDPOINTS.existsSelf, async (request) => {
    const lookup = await admitAddressLookup(deps, request, 'tenant existence check');
    const id = await tenantIdByIdNumber(db, request.params.epicNo);
    await settleLookup(deps, lookup, id === null ? null : `tenant:${id}`, id === null ? 'unknown' : 'lookup');
    if (id === null) throw new HttpError(404, TENANT_MESSAGES.absent);
    return { exists: true as const, message: TENANT_MESSAGES.alreadyExists };
  });

  serve(api, deps, TENANT_ENDPOINTS.exists, async (request) => {
    const id = await tenantIdByIdNumber(db, request.params.epicNo);
    if (id === null) throw new HttpError(404, TENANT_MESSAGES.absent);
    return { exists: true as const, message: TENANT_MESSAGES.alreadyExists };
  });

  for (const table of [TENANT_RECORD_ENDPOINTS.staff, TENANT_RECORD_ENDPOINTS.own]) {
    serve(api, deps, table.update, async (request) => {
      await requireTenantReach(deps, request, request.params.id);
      const subject = { kind: 'tenant' as const, tenantId: request.params.id };
      const channel = await planChannelUpdate(deps, request, subject, request.body);
      if (!channel) throw new HttpError(404, TENANT_MESSAGES.notFound);
      // An official's edit is told to the tenant in the edit's own transaction (docs/notifications.md).
      const now = clock.now();
      const tenant = await changeRecordTellingPerson(
        { ...deps, log: (message) => request.log.warn(message) },
        { caller: callerOf(request), kind: 'tenant', id: request.params.id, now },
        (tx) => updateTenant(tx, request.params.id, request.body, now, channel),
      );
      const reply = updatedReply(TENANT_MESSAGES.updated, await channel.settle(), 'citizen');
      return { ...reply, id: tenant.id, tenant };
    });

    serve(api, deps, table.tenant, async (request) => {
      await requireTenantReach(deps, request, request.params.id);
      return tenantWithPendingChange(request, request.params.id);
    });

    serve(api, deps, table.tenantByIdNumber, async (request) => {
      const caller = callerOf(request);
      const id = await tenantIdByIdNumber(db, request.params.epicNo);
      // A key answers for its own tenant only: any other ID is refused alike, registered or not.
      const own =
        caller.kind === 'citizen' && caller.citizen.scope.kind === 'tenant'
          ? caller.citizen.scope.tenantId
          : null;
      if (caller.kind === 'citizen' && (id === null || id !== own)) {
        return refuseAudited(deps, request, tenantRefusalMessage(caller));
      }
      // An official: none registered and one outside its reach are the same 404 (docs/reach.md).
      if (id === null) throw new HttpError(404, TENANT_MESSAGES.notInJurisdiction);
      await requireTenantReach(deps, request, id, TENANT_MESSAGES.notInJurisdiction);
      return tenantWithPendingChange(request, id);
    });
    // The tenant stepper's "Download Completed Form" and its staff twin.
    serve(api, deps, table.registrationForm, async (request) => {
      await requireTenantReach(deps, request, request.params.id);
      const data = await tenantRegistrationData(db, request.params.id);
      const pdf = tenantRegistrationPdf(data, {
        generatedBy: callerLabel(request) ?? 'unknown',
        generatedAt: clock.now(),
      });
      return {
        base64img: pdf.toString('base64'),
        contenttype: 'application/pdf' as const,
        filename: `tenant-registration-${data.tenant.id}.pdf`,
      };
    });
  }

  serve(api, deps, TENANT_ENDPOINTS.remove, async (request) => {
    await requireTenantReach(deps, request, request.params.id);
    const staff = staffOf(request);
    const gone = await deleteTenant(db, staff, request.params.id, {
      ...auditContext(request),
      username: staff.username,
      at: clock.now(),
    });
    await tellTenantDeleted(deps, gone.identity);
    const notify = { ...deps, log: (message: string) => request.log.warn(message) };
    // Kept in the deleting transaction; handed over without holding up the reply (it never throws).
    for (const notice of gone.notices) void deliverStatusNotice(notify, notice);
    return { message: TENANT_MESSAGES.deleted };
  });

  return Promise.resolve();
}
