import type { FastifyRequest } from 'fastify';
import { PAGE_SIZE } from '../../contract/applications.contract';
import { APPLICATION_ENDPOINTS } from '../../contract/applications.endpoints';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { auditContext, writeAuditLog } from '../security/audit-log';
import { staffOf } from '../security/auth-guard';
import { refuseAsMissing } from '../security/refusals';
import type { StaffIdentity } from '../security/sessions';
import { flowOf } from '../services/applications-detail.service';
import { applicationDetailFor } from '../services/applications-withheld';
import { countApplications, listApplications, type ListVariant } from '../services/applications-list.service';
import { listScopeFor, scopeOfStaff } from '../services/applications-scope';
import { applicationStatusFor } from '../services/applications-status.service';
import { canSeeWard, loadWorkflowRow } from '../workflow/application-facts';
import { legacyEventFor, namedEventFor } from '../workflow/legacy-event';
import { performWorkflowEvent } from '../workflow/perform-event';
import { stepReply } from '../workflow/step-reply';
import { notFoundMessage } from '../workflow/workflow-messages';
import type { ZodApi } from '../http/zod-api';

const NOT_YOUR_USERNAME = 'The username in the path must be your own.';

/**
 * The officials' application API under process/ (docs/applications-api.md): lists and counts in the caller's
 * jurisdiction, the detail dialog, the flow timeline, the status look-up, and the lifecycle actions, which the
 * workflow (src/server/workflow) lets the lifecycle machine decide.
 */
export function registerApplicationRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const { clock } = deps;
  /** A refused authorization lands in the audit trail before the 403 goes out. */
  const refuse = async (request: FastifyRequest, staff: StaffIdentity, why: string, message: string) => {
    await writeAuditLog(db, {
      ...auditContext(request),
      kind: 'refusal',
      username: staff.username,
      remark: `Refused: ${why}`,
      at: clock.now(),
    });
    return new HttpError(403, message, { audited: true });
  };

  /**
   * The application an official opens: 404 when missing or deleted, and the same 404 outside the caller's
   * jurisdiction (audited with that reason: docs/reach.md "Ids outside reach").
   */
  const visibleApplication = async (request: FastifyRequest, staff: StaffIdentity, applid: number) => {
    const row = await loadWorkflowRow(db, applid);
    if (!row || row.deleted) throw new HttpError(404, notFoundMessage(applid));
    if (!canSeeWard(staff, row.wardCode)) {
      return refuseAsMissing(
        deps,
        request,
        `application ${applid} is outside the jurisdiction of ${staff.username}`,
        notFoundMessage(applid),
      );
    }
    return row;
  };

  const ownUsername = async (request: FastifyRequest, staff: StaffIdentity, username: string) => {
    if (username !== staff.username) {
      throw await refuse(
        request,
        staff,
        `${staff.username} asked for the applications of ${username}`,
        NOT_YOUR_USERNAME,
      );
    }
  };

  serve(api, deps, APPLICATION_ENDPOINTS.update, async (request) => {
    const staff = staffOf(request);
    const body = request.body;
    const { event } = body;
    const result = await performWorkflowEvent(db, {
      applid: body.applid,
      staff,
      // The body schema asks for applStatus whenever no event is named.
      choose: (row) =>
        event
          ? namedEventFor({ ...body, event })
          : legacyEventFor(row.applid, row.status, body.applStatus?.applstatus ?? row.status, body.remarks),
      expectedVersion: body.version,
      expectedStatus: event ? body.applStatus?.applstatus : undefined,
      now: clock.now(),
      audit: auditContext(request),
      notify: { ...deps, log: (message) => request.log.warn(message) },
    });
    return stepReply(result, staff);
  });

  serve(api, deps, APPLICATION_ENDPOINTS.remove, async (request) => {
    const result = await performWorkflowEvent(db, {
      applid: request.params.id,
      staff: staffOf(request),
      choose: () => ({ type: 'application.delete', payload: {} }),
      expectedVersion: request.query.version,
      now: clock.now(),
      audit: auditContext(request),
      notify: { ...deps, log: (message) => request.log.warn(message) },
    });
    return { message: result.message };
  });

  serve(api, deps, APPLICATION_ENDPOINTS.detail, async (request) => {
    const staff = staffOf(request);
    await visibleApplication(request, staff, request.params.id);
    // Cut to the official's reach over the landlord and the tenant (docs/reach.md).
    const detail = await applicationDetailFor(db, { kind: 'staff', staff }, request.params.id);
    if (!detail) throw new HttpError(404, notFoundMessage(request.params.id));
    return detail;
  });

  const listRoute = (list: typeof APPLICATION_ENDPOINTS.list, variant: ListVariant) =>
    serve(api, deps, list, async (request) => {
      const staff = staffOf(request);
      const { status, code, username, page } = request.params;
      await ownUsername(request, staff, username);
      let scope;
      try {
        scope = listScopeFor(staff, code);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 403) {
          throw await refuse(
            request,
            staff,
            `${staff.username} asked for the applications of ${code}`,
            err.message,
          );
        }
        throw err;
      }
      return listApplications(db, staff, {
        scope,
        status,
        variant,
        page,
        size: request.query.size ?? PAGE_SIZE,
      });
    });
  listRoute(APPLICATION_ENDPOINTS.list, 'complete');
  listRoute(APPLICATION_ENDPOINTS.incompleteList, 'incomplete');

  serve(api, deps, APPLICATION_ENDPOINTS.total, async (request) => {
    const staff = staffOf(request);
    await ownUsername(request, staff, request.params.username);
    const count = await countApplications(db, {
      scope: scopeOfStaff(staff),
      status: request.params.status,
      variant: 'complete',
    });
    return { count };
  });

  serve(api, deps, APPLICATION_ENDPOINTS.flow, async (request) => {
    await visibleApplication(request, staffOf(request), request.params.id);
    return flowOf(db, request.params.id);
  });

  serve(api, deps, APPLICATION_ENDPOINTS.status, async (request) => {
    const staff = staffOf(request);
    const { applid, landlordEpic } = request.params;
    const found = await applicationStatusFor(db, applid, landlordEpic);
    // Outside the caller's jurisdiction answers exactly like a wrong EPIC number (404), so the call cannot
    // tell which id and EPIC pairs exist elsewhere; the audit line keeps the true reason.
    const notFound = `No application ${applid} was found for the landlord with EPIC number ${landlordEpic}.`;
    if (!found) throw new HttpError(404, notFound);
    if (!canSeeWard(staff, found.wardCode)) {
      await writeAuditLog(db, {
        ...auditContext(request),
        kind: 'refusal',
        username: staff.username,
        remark: `Refused (404): status of application ${applid} is outside the jurisdiction of ${staff.username}`,
        at: clock.now(),
      });
      throw new HttpError(404, notFound, { audited: true });
    }
    const { wardCode: _ward, ...reply } = found;
    return reply;
  });

  // Promise-returning like every registerXRoutes, so routes/index.ts awaits them all alike.
  return Promise.resolve();
}
