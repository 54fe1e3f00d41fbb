import { useEffect, useRef } from 'react';
import type { ReportPage as ReportPageReply, ReportRow } from '../../src/contract/reports.contract';
import { pageMeta } from '../../src/contract/paging';
import { ReportActor } from '../../src/web/features/report/report-actor';
import { ReportApiContext, type ReportApi } from '../../src/web/features/report/report-api';
import { ReportPage } from '../../src/web/features/report/report-page';
import { reportLogic } from '../../src/web/features/report/report.wiring';
import { STORY_QUERY } from './report-story-query';

// Fakes of the report's calls for its stories and dom tests: a result of any size, an empty one, a refusal, or a
// call that never answers (to hold a loading or exporting state on screen).

export const STORY_TODAY = '2026-11-24';
export const SUPERVISOR = { username: 'supervisor', usercode: '17', role: 'SUPERVISOR' };
export const VERIFIER = { username: 'verifier', usercode: '1701', role: 'VERIFIER' };

const NAMES = ['Iba Lyngdoh', 'Ka Syiem', 'Banri Kharkongor', 'Daphira Marak', 'Wanshan Nongrum'];

export function storyRow(slno: number): ReportRow {
  const permanentAddress = `House ${slno}, Jail Road, East Khasi Hills, 793001`;
  const familyMembers = slno % 4;
  return {
    slno,
    applid: 1000 + slno,
    landlordname: NAMES[slno % NAMES.length],
    tenantname: `${NAMES[(slno + 2) % NAMES.length]} (${permanentAddress}, Teacher, ${familyMembers} family members)`,
    occupation: 'Teacher',
    familyMembers,
    permanentAddress,
    rentaladdress: `Flat ${slno}, Laitumkhrah Main Road, 793003`,
    submittedOn: '2026-02-01',
  };
}

export interface ReportFakes {
  /** Rows in the whole result (default 25), or a refusal, or no answer at all. */
  report?: number | { status: number; message: string } | 'never';
  exportPdf?: 'never' | 'ok' | 'fail';
}

export function fakeReportApi(fakes: ReportFakes = {}): ReportApi {
  const outcome = fakes.report ?? 25;
  return {
    report: (_query, page, size): Promise<ReportPageReply> => {
      if (outcome === 'never') return new Promise(() => {});
      if (typeof outcome === 'object') return Promise.reject(new Error(outcome.message));
      const first = page * size;
      const rows = Array.from({ length: Math.max(0, Math.min(size, outcome - first)) }, (_, i) =>
        storyRow(first + i + 1),
      );
      return Promise.resolve({ applDto: rows, ...pageMeta(page, size, outcome) });
    },
    stations: () =>
      Promise.resolve(
        [
          ['PS1701001', 'Laitumkhrah'],
          ['PS1701002', 'Sadar'],
          ['PS1703001', 'Nongpoh'],
        ].map(([policeStationCode, policeStationName]) => ({
          policeStationCode,
          policeStationName,
          dist: {
            districtCode: policeStationCode.slice(2, 6),
            districtName: 'East Khasi Hills',
            stateCode: '17',
          },
        })),
      ),
    localities: (station) =>
      Promise.resolve(
        ['01', '02'].map((n) => ({
          localityCode: `${station}LA${n}`,
          localityName: `Locality ${n}`,
          headManName: 'Headman',
          ps: { policeStationCode: station, policeStationName: 'Laitumkhrah' },
          dist: { districtCode: station.slice(2, 6), districtName: 'East Khasi Hills' },
        })),
      ),
    wards: (locality) =>
      Promise.resolve(
        ['01', '02'].map((n) => ({
          localAuthorityCode: `${locality}W${n}`,
          localAuthorityName: `Ward ${n}`,
          headManName: 'Headman',
          area: locality,
          localityName: 'Locality',
          ps: { policeStationCode: locality.slice(0, 9), policeStationName: 'Laitumkhrah' },
          dist: { districtCode: locality.slice(2, 6), districtName: 'East Khasi Hills' },
        })),
      ),
  };
}

const fakeExport = (fakes: ReportFakes) => () =>
  fakes.exportPdf === 'fail'
    ? Promise.reject(new Error('The PDF could not be made. Please try again.'))
    : fakes.exportPdf === 'ok'
      ? Promise.resolve()
      : new Promise<void>(() => {});

/** Sends the story's opening events once: SUBMIT, then Export PDF as soon as the result is shown. */
function Opening({ submit, exportAfter }: { submit: boolean; exportAfter: boolean }) {
  const actor = ReportActor.useActorRef();
  const sent = useRef(false);
  useEffect(() => {
    if (!submit || sent.current) return;
    sent.current = true;
    actor.send({ type: 'report.submit', query: STORY_QUERY });
    if (!exportAfter) return;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('results')) {
        subscription.unsubscribe();
        actor.send({ type: 'report.export' });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, submit, exportAfter]);
  return null;
}

export interface ReportStoryProps {
  viewer?: typeof SUPERVISOR;
  fakes?: ReportFakes;
  /** 'editing': nothing asked; 'submitted': STORY_QUERY sent; 'exporting': then Export PDF. */
  start?: 'editing' | 'submitted' | 'exporting';
}

/** The report screen on fake calls, opened in the state the story shows. */
export function ReportStory({ viewer = SUPERVISOR, fakes = {}, start = 'editing' }: ReportStoryProps) {
  const api = fakeReportApi(fakes);
  return (
    <ReportApiContext.Provider value={api}>
      <ReportActor.Provider logic={reportLogic(api, fakeExport(fakes))}>
        <Opening submit={start !== 'editing'} exportAfter={start === 'exporting'} />
        <ReportPage viewer={viewer} today={STORY_TODAY} />
      </ReportActor.Provider>
    </ReportApiContext.Provider>
  );
}
