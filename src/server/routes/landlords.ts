import type { FastifyRequest } from 'fastify';
import { updatedReply } from '../../contract/channel-changes.contract';
import { LANDLORD_MESSAGES, type LandlordInput } from '../../contract/landlords.contract';
import { LANDLORD_ENDPOINTS, LANDLORD_RECORD_ENDPOINTS } from '../../contract/landlords-endpoints.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { callerOf, type Caller } from '../security/caller';
import { admitAddressLookup, settleLookup } from '../security/lookup-limit';
import { refuseAudited } from '../security/refusals';
import { pendingChannelChange, planChannelUpdate } from '../services/channel-changes/channel-changes.service';
import { indianDate } from '../services/domestic-helpers';
import {
  createLandlordHelper,
  helperLandlordId,
  landlordHelpers,
  removeLandlordHelper,
} from '../services/landlords-helpers.service';
import {
  createLandlord,
  landlordByEpic,
  landlordById,
  landlordReply,
  updateLandlord,
  withheldRecord,
} from '../services/landlords-records.service';
import { keyLandlordId, landlordReach } from '../services/owner-scope';
import { reachLandlord } from '../services/owner-scope';
import type { ZodApi } from '../http/zod-api';
import { changeRecordTellingPerson } from '../services/record-change-notice';

const NOT_REGISTERED = 'No landlord is registered with this EPIC number.';
const HELPER_NOT_FOUND = 'Helper not found.';

/**
 * Landlord records and landlords' helpers (docs/landlords-api.md): each call twice, `register/...` for the
 * officials who register landlords and `process/...` for the landlord's own key, sharing one handler; plus the
 * two anonymous calls of the registration wizard (register, and "is this EPIC registered?").
 */
export function registerLandlordRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const { clock } = deps;

  /**
   * The caller, once it may reach landlord `id`: for an official, an unknown id and one outside its reach are the
   * same 404 (`missingMessage`; the latter audited); for a key, another landlord is an audited 403.
   */
  const reach = (request: FastifyRequest, id: number, missingMessage?: string): Promise<Caller> =>
    reachLandlord(deps, request, id, missingMessage);
  /** The landlord a body names: its id, else the key's own landlord; an official must name one. */
  const namedLandlord = (request: FastifyRequest, id: number | undefined): number => {
    const named = id ?? keyLandlordId(callerOf(request));
    if (named === null) throw new HttpError(400, 'Give the landlord id (landlord_id).');
    return named;
  };
  /** `registeredArea`: the registering official's usercode, null for a landlord registering itself. */
  const register = async (input: LandlordInput, registeredArea: string | null) => ({
    message: LANDLORD_MESSAGES.saved,
    landlord_id: await createLandlord(db, input, { now: clock.now(), registeredArea }),
  });

  // Anonymous registration (no key yet): the reply tells whether the EPIC is registered, so it is counted.
  serve(api, deps, LANDLORD_ENDPOINTS.registerSelf, async (request) => {
    const lookup = await admitAddressLookup(deps, request, 'landlord registration');
    const existing = await landlordByEpic(db, request.body.epicNo);
    await settleLookup(
      deps,
      lookup,
      existing ? `landlord:${existing.id}` : null,
      existing ? 'lookup' : 'unknown',
    );
    return register(request.body, null);
  });

  serve(api, deps, LANDLORD_ENDPOINTS.existsSelf, async (request) => {
    const lookup = await admitAddressLookup(deps, request, 'landlord existence check');
    const existing = await landlordByEpic(db, request.params.epic);
    await settleLookup(
      deps,
      lookup,
      existing ? `landlord:${existing.id}` : null,
      existing ? 'lookup' : 'unknown',
    );
    if (!existing) throw new HttpError(404, NOT_REGISTERED);
    return { exists: true as const };
  });

  serve(api, deps, LANDLORD_ENDPOINTS.register, (request) =>
    register(request.body, staffOf(request).usercode),
  );
  serve(api, deps, LANDLORD_ENDPOINTS.exists, async (request) => {
    if (!(await landlordByEpic(db, request.params.epic))) throw new HttpError(404, NOT_REGISTERED);
    return { exists: true as const };
  });

  for (const table of [LANDLORD_RECORD_ENDPOINTS.staff, LANDLORD_RECORD_ENDPOINTS.own]) {
    const readById = async (request: FastifyRequest, id: number) => {
      const caller = await reach(request, id);
      const pending = await pendingChannelChange(deps, { kind: 'landlord', landlordId: id });
      const row = await landlordById(db, id);
      if (!row) throw new HttpError(404, LANDLORD_MESSAGES.notFound);
      return { ...(await landlordReply(db, row, caller)), pendingChannelChange: pending };
    };
    for (const byId of [table.landlord, table.landlordByReg]) {
      serve(api, deps, byId, (request) => readById(request, request.params.id));
    }

    // By EPIC: an official has the landlord's card in hand (the clearance wizard's first step), so any
    // landlord is found, with only the units inside the official's jurisdiction; one it does not reach comes with
    // its contact details withheld (withheldRecord). A key finds only its own.
    serve(api, deps, table.landlordByEpic, async (request) => {
      const caller = callerOf(request);
      const row = await landlordByEpic(db, request.params.epic);
      if (caller.kind === 'citizen' && row?.id !== keyLandlordId(caller))
        return refuseAudited(deps, request, LANDLORD_MESSAGES.notYours);
      if (!row) throw new HttpError(404, NOT_REGISTERED);
      // A held change that fell due is applied by the pending read: the record is read after it.
      const pending = await pendingChannelChange(deps, { kind: 'landlord', landlordId: row.id });
      const current = (await landlordById(db, row.id)) ?? row;
      const reply = await landlordReply(db, current, caller);
      // An official outside reach learns who the card names, never how to reach the landlord (docs/reach.md).
      const reached = caller.kind === 'citizen' || (await landlordReach(db, caller, row.id)) === 'ok';
      return reached ? { ...reply, pendingChannelChange: pending } : withheldRecord(reply);
    });

    serve(api, deps, table.update, async (request) => {
      const id = namedLandlord(request, request.body.id ?? request.body.landlord_id);
      await reach(request, id);
      const channel = await planChannelUpdate(
        deps,
        request,
        { kind: 'landlord', landlordId: id },
        request.body,
      );
      const row = await landlordById(db, id);
      if (!row || !channel) throw new HttpError(404, LANDLORD_MESSAGES.notFound);
      // An official's edit is told to the landlord in the edit's own transaction (docs/notifications.md).
      const now = clock.now();
      await changeRecordTellingPerson(
        { ...deps, log: (message) => request.log.warn(message) },
        { caller: callerOf(request), kind: 'landlord', id: row.id, now },
        (tx) => updateLandlord(tx, row, request.body, now, { writesChannel: channel.writesChannel }),
      );
      return updatedReply(LANDLORD_MESSAGES.updated, await channel.settle(), 'citizen');
    });

    serve(api, deps, table.addHelper, async (request) => {
      const landlordId = namedLandlord(request, request.body.landlordId);
      await reach(request, landlordId);
      const memberCode = await createLandlordHelper(db, landlordId, request.body);
      return { message: LANDLORD_MESSAGES.helperSaved, memberCode };
    });

    serve(api, deps, table.helpers, async (request) => {
      await reach(request, request.params.id);
      return landlordHelpers(db, request.params.id);
    });

    serve(api, deps, table.removeHelper, async (request) => {
      const { memberCode } = request.params;
      const landlordId = await helperLandlordId(db, memberCode);
      if (landlordId === null) {
        if (callerOf(request).kind === 'citizen')
          return refuseAudited(deps, request, LANDLORD_MESSAGES.notYours);
        throw new HttpError(404, HELPER_NOT_FOUND);
      }
      // A helper of a landlord outside the official's reach is answered as no helper at all.
      await reach(request, landlordId, HELPER_NOT_FOUND);
      await removeLandlordHelper(db, landlordId, memberCode, indianDate(clock.now()));
      return { message: LANDLORD_MESSAGES.helperRemoved };
    });
  }
  return Promise.resolve();
}
