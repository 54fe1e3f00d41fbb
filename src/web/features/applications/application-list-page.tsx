import { useEffect, useState } from 'react';
import { listStatusFor, type ListPage, type StaffRole } from '../../../../machines/application';
import { exportTablePdf } from '../../components/pdf-export';
import { ApplicationDetailDialog } from './application-detail-dialog';
import { formatDay } from '../../lib/dates';
import { ApplicationListView } from './application-list-view';
import { useApplicationsApi } from './applications-api';
import { LIST_PAGE_TITLES, offersNewApplication, showsShiftedOn } from './list-pages';
import { useApplicationList } from './use-application-list';

export interface ListViewer {
  role: StaffRole;
  username: string;
  usercode: string;
}

type Wards = Array<{ localAuthorityCode: string; localAuthorityName: string }>;

/**
 * One application list screen: the status comes from the lifecycle's listStatusFor(page, role); the area is the
 * official's own code, or for a SUPERMODERATOR the ward chosen in its filter (its locality code means all wards).
 */
export function ApplicationListPage({ listPage, viewer }: { listPage: ListPage; viewer: ListViewer }) {
  const applicationsApi = useApplicationsApi();
  const isSuper = viewer.role === 'SUPERMODERATOR';
  const [code, setCode] = useState(viewer.usercode);
  const [page, setPage] = useState(0);
  const [wards, setWards] = useState<Wards>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const status = listStatusFor(listPage, viewer.role);
  const { state, reload } = useApplicationList({ status, code, username: viewer.username, page });

  useEffect(() => {
    if (!isSuper) return;
    let current = true;
    applicationsApi
      .wards(viewer.usercode)
      .then((rows) => current && setWards(rows))
      .catch((err: unknown) => console.error('Sub-localities could not be loaded', err));
    return () => {
      current = false;
    };
  }, [applicationsApi, isSuper, viewer.usercode]);

  const exportPdf = () => {
    if (state.status !== 'loaded') return;
    const shifted = showsShiftedOn(listPage);
    void exportTablePdf({
      title: LIST_PAGE_TITLES[listPage],
      head: [
        'Application ID',
        'Tenant Name',
        'Landlord name',
        'Rental Address',
        'Status',
        ...(shifted ? ['Shifted On'] : []),
      ],
      rows: state.page.applDto.map((r) => [
        r.applid,
        r.tenantname,
        r.landlordname,
        r.rentaladdress,
        r.statusLabel,
        ...(shifted ? [formatDay(r.leftLocalityOn)] : []),
      ]),
      fileName: `${listPage}-applications-page-${page + 1}.pdf`,
    });
  };

  return (
    <>
      <ApplicationListView
        listPage={listPage}
        state={state}
        onPage={setPage}
        onView={(row) => setOpenId(row.applid)}
        onExport={exportPdf}
        newApplication={offersNewApplication(listPage, viewer.role)}
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
      {openId !== null ? (
        <ApplicationDetailDialog applid={openId} onClose={() => setOpenId(null)} onChanged={reload} />
      ) : null}
    </>
  );
}
