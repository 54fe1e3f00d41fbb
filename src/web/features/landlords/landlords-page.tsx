import { useEffect, useState } from 'react';
import type { Role } from '../../../contract/roles';
import { useLandlordsApi } from './landlords-api';
import { LandlordsListView, type LandlordsState } from './landlords-list-view';

type Wards = Array<{ localAuthorityCode: string; localAuthorityName: string }>;

/** /app/landlords: the area is the official's usercode, or for a SUPERMODERATOR the ward it picks. */
export function LandlordsPage({ viewer }: { viewer: { role: Role; username: string; usercode: string } }) {
  const landlordsApi = useLandlordsApi();
  const isSuper = viewer.role === 'SUPERMODERATOR';
  const [code, setCode] = useState(viewer.usercode);
  const [page, setPage] = useState(0);
  const [wards, setWards] = useState<Wards>([]);
  // A result belongs to the request that asked for it: until the current request answers, the list is loading.
  const key = `${viewer.username}|${code}|${page}`;
  const [result, setResult] = useState<{ key: string; state: LandlordsState } | null>(null);
  const state: LandlordsState = result?.key === key ? result.state : { status: 'loading' };

  useEffect(() => {
    let current = true;
    landlordsApi
      .page({ username: viewer.username, code, page })
      .then((reply) => current && setResult({ key, state: { status: 'loaded', page: reply } }))
      .catch((err: unknown) => {
        console.error('Landlords failed to load', err);
        if (current) setResult({ key, state: { status: 'failed' } });
      });
    return () => {
      current = false;
    };
  }, [landlordsApi, viewer.username, code, page, key]);

  useEffect(() => {
    if (!isSuper) return;
    let current = true;
    landlordsApi
      .wards(viewer.usercode)
      .then((rows) => current && setWards(rows))
      .catch((err: unknown) => console.error('Sub-localities could not be loaded', err));
    return () => {
      current = false;
    };
  }, [landlordsApi, isSuper, viewer.usercode]);

  return (
    <LandlordsListView
      state={state}
      onPage={setPage}
      wardFilter={
        isSuper
          ? {
              localityCode: viewer.usercode,
              wards,
              value: code,
              onChange: (next) => {
                setCode(next);
                setPage(0);
              },
            }
          : undefined
      }
    />
  );
}
