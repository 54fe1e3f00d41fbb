import { useEffect, useState } from 'react';
import type { DistrictRow, StateRow } from '../../../contract/master.contract';
import { useTenantServices } from './tenant-services';
import type { PlaceNames } from './tenant-form';

export interface TenantLookups {
  states: StateRow[];
  occupations: string[];
  relationships: string[];
  tenancyTypes: { tenancyCode: string; type: string }[];
}

const none: TenantLookups = { states: [], occupations: [], relationships: [], tenancyTypes: [] };

/** The pickers' lists (master/*), fetched once per profile; a failed list leaves its picker empty. */
export function useTenantLookups(): TenantLookups {
  const services = useTenantServices();
  const [lookups, setLookups] = useState(none);
  useEffect(() => {
    let live = true;
    const settle = <K extends keyof TenantLookups>(key: K, call: () => Promise<TenantLookups[K]>) =>
      call()
        .then((rows) => live && setLookups((current) => ({ ...current, [key]: rows })))
        .catch(() => undefined);
    void settle('states', () => services.states());
    void settle('occupations', () => services.occupations());
    void settle('relationships', () => services.relationships());
    void settle('tenancyTypes', () => services.tenancyTypes());
    return () => {
      live = false;
    };
  }, [services]);
  return lookups;
}

/** Districts of each state asked for, kept for the life of the form (both addresses share them). */
export function useDistricts(stateCodes: string[]) {
  const services = useTenantServices();
  const [byState, setByState] = useState<Record<string, DistrictRow[]>>({});
  const wanted = stateCodes.filter((code) => code !== '').join(',');
  useEffect(() => {
    for (const code of wanted.split(',')) {
      if (!code) continue;
      services
        .districts(code)
        .then((rows) => setByState((current) => (current[code] ? current : { ...current, [code]: rows })))
        .catch(() => undefined);
    }
  }, [services, wanted]);
  return byState;
}

export function placeNames(states: StateRow[], districts: Record<string, DistrictRow[]>): PlaceNames {
  return {
    stateName: (code) => states.find((s) => s.stateCode === code)?.stateName ?? '',
    districtName: (stateCode, code) =>
      districts[stateCode]?.find((d) => d.districtCode === code)?.districtName ?? '',
  };
}
