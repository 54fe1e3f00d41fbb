import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  JURISDICTION_ADMIN_MESSAGES as M,
  type LocalityEntryBody,
  type StationEntryBody,
  type UnitCreatedReply,
  type WardEntryBody,
} from '../../contract/jurisdiction-admin.contract';
import type { AppDeps } from '../deps';
import { districts, localities, logRecords, policeStations, wards } from '../db/schema';
import { HttpError } from '../http/errors';
import { auditContext, auditValues } from '../security/audit-log';
import { staffOf } from '../security/auth-guard';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import { refuseAudited, refuseOutsideJurisdiction } from '../security/refusals';
import { nameTaken, nextFreeCode, type Tx } from './jurisdiction-admin-codes';
import { isUniqueViolation } from './tenants-shape';

/** One level of the tree as creation sees it: where its parent is, how its codes are made, what to say. */
interface UnitLevel {
  label: string;
  parent: { table: PgTable; code: PgColumn; field: string; unknown: string };
  table: PgTable;
  code: PgColumn;
  name: PgColumn;
  parentColumn: PgColumn;
  letters: string;
  width: number;
  full: string;
  duplicate: string;
  created: string;
}

const STATION: UnitLevel = {
  label: 'police station',
  parent: { table: districts, code: districts.code, field: 'dist', unknown: M.unknownDistrict },
  table: policeStations,
  code: policeStations.code,
  name: policeStations.name,
  parentColumn: policeStations.districtCode,
  letters: 'PS',
  width: 3,
  full: M.stationsFull,
  duplicate: M.duplicateStation,
  created: M.stationAdded,
};

const LOCALITY: UnitLevel = {
  label: 'locality',
  parent: { table: policeStations, code: policeStations.code, field: 'ps', unknown: M.unknownStation },
  table: localities,
  code: localities.code,
  name: localities.name,
  parentColumn: localities.policeStationCode,
  letters: 'LA',
  width: 2,
  full: M.localitiesFull,
  duplicate: M.duplicateLocality,
  created: M.localityCreated,
};

const WARD: UnitLevel = {
  label: 'sub-locality/ward',
  parent: { table: localities, code: localities.code, field: 'area', unknown: M.unknownLocality },
  table: wards,
  code: wards.code,
  name: wards.name,
  parentColumn: wards.localityCode,
  letters: 'W',
  width: 2,
  full: M.wardsFull,
  duplicate: M.duplicateWard,
  created: M.wardCreated,
};

/**
 * Creates one unit under `parentCode` in ONE transaction: the parent row is locked (FOR UPDATE), so creations
 * under one parent take turns; then the name is checked against its siblings, the lowest free code taken, the
 * row and its 'admin' audit record written. A station code is 'PS' + district + 3 digits; locality and ward
 * codes are the parent's code + letters + 2 digits (docs/jurisdiction-codes.md).
 */
async function createUnit(
  deps: AppDeps,
  request: FastifyRequest,
  level: UnitLevel,
  parentCode: string,
  name: string,
  insert: (tx: Tx, code: string) => Promise<unknown>,
): Promise<UnitCreatedReply> {
  const { clock } = deps;
  const caller = staffOf(request);
  const prefix = level.letters === 'PS' ? `PS${parentCode}` : `${parentCode}${level.letters}`;
  try {
    const code = await deps.db.transaction(async (tx) => {
      const parent = await tx
        .select({ code: level.parent.code })
        .from(level.parent.table)
        .where(eq(level.parent.code, parentCode))
        .for('update');
      if (parent.length === 0) throw new HttpError(400, `${level.parent.field}: ${level.parent.unknown}`);
      const sibling = { table: level.table, name: level.name, parent: level.parentColumn };
      if (await nameTaken(tx, sibling, parentCode, name)) throw new HttpError(409, level.duplicate);
      const next = await nextFreeCode(tx, {
        table: level.table,
        column: level.code,
        prefix,
        width: level.width,
      });
      if (!next) throw new HttpError(409, level.full);
      await insert(tx, next);
      await tx.insert(logRecords).values({
        ...auditValues({
          ...auditContext(request),
          kind: 'admin',
          username: caller.username,
          remark: `Created ${level.label} ${next} '${name}' under ${parentCode}`,
        }),
        logdt: clock.now(),
      });
      return next;
    });
    return { message: level.created, code };
  } catch (err) {
    // A unit written by a path that does not take the parent's lock (a data load) can still collide.
    if (isUniqueViolation(err)) throw new HttpError(409, M.busy);
    throw err;
  }
}

/** POST master/policeStationEntry (ADMIN only, by the route's guard). */
export function createPoliceStation(deps: AppDeps, request: FastifyRequest, body: StationEntryBody) {
  const name = body.policeStationName;
  return createUnit(deps, request, STATION, body.dist, name, (tx, code) =>
    tx.insert(policeStations).values({ code, name, districtCode: body.dist }),
  );
}

/** POST master/locality: ADMIN anywhere, VERIFIER under a station of its district. */
export async function createLocality(deps: AppDeps, request: FastifyRequest, body: LocalityEntryBody) {
  const caller = staffOf(request);
  if (caller.role !== 'ADMIN' && !isWithinJurisdiction(jurisdictionOf(caller), body.ps)) {
    return refuseOutsideJurisdiction(deps, request, M.outsideJurisdiction);
  }
  const { localityName: name, headManName: headmanName, ps } = body;
  return createUnit(deps, request, LOCALITY, ps, name, (tx, code) =>
    tx.insert(localities).values({ code, name, headmanName, policeStationCode: ps }),
  );
}

/**
 * POST master/localAuthorityEntry: ADMIN anywhere, VERIFIER in a locality of its district, SUPERMODERATOR only
 * in its own locality (its usercode is the area; another area is an audited refusal).
 */
export async function createWard(deps: AppDeps, request: FastifyRequest, body: WardEntryBody) {
  const caller = staffOf(request);
  let area = body.area;
  if (caller.role === 'SUPERMODERATOR') {
    if (area && area !== caller.usercode) return refuseAudited(deps, request, M.notYourLocality);
    area = caller.usercode;
  }
  if (!area) throw new HttpError(400, `area: ${M.areaRequired}`);
  if (caller.role !== 'ADMIN' && !isWithinJurisdiction(jurisdictionOf(caller), area)) {
    return refuseOutsideJurisdiction(deps, request, M.outsideJurisdiction);
  }
  if (body.ps && body.ps !== area.slice(0, 9)) throw new HttpError(400, `ps: ${M.stationNotOfLocality}`);
  const { localAuthorityName: name, headManName: headmanName } = body;
  const localityCode = area;
  return createUnit(deps, request, WARD, localityCode, name, (tx, code) =>
    tx.insert(wards).values({ code, name, headmanName, localityCode }),
  );
}
