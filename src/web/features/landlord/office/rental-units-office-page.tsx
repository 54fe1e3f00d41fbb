import { useEffect, useState } from 'react';
import { Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { SERVER_FALLBACK_MESSAGE, messageOr } from '../../../../../machines/access/failures';
import type { OfficeRentalUnit } from '../../../../contract/rental-units.contract';
import { LandlordServicesContext } from '../landlord-services';
import { RentalUnitDialog } from '../rental-unit-dialog';
import { showOfficeSnackbar } from './office-snackbar';
import { useOfficeServices } from './office-services';
import { RentalUnitsListView, unitLabel, type RentalUnitsListState } from './rental-units-list-view';
import { UnitConsentStep, UNIT_CONSENT_TITLE } from './unit-consent-step';
import { UNIT_CONFIRMED_BY_LANDLORD } from './outside-reach-unit';

/**
 * /app/rentalunits: the list call, the search and paging, the landlord feature's Rental Unit dialog for Edit and
 * the vacancy path for Update Status (MODERATOR and SUPERMODERATOR only); Confirm landlord opens the landlord's
 * consent step for a unit awaiting it (docs/reach.md).
 */
export function RentalUnitsOfficePage({ vacancyUpdates }: { vacancyUpdates: boolean }) {
  const services = useOfficeServices();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<OfficeRentalUnit | null>(null);
  const [confirming, setConfirming] = useState<OfficeRentalUnit | null>(null);
  // A result belongs to the request that asked for it: until the current request answers, the list is loading.
  const key = `${search}|${page}|${version}`;
  const [result, setResult] = useState<{ key: string; state: RentalUnitsListState } | null>(null);
  const state: RentalUnitsListState = result?.key === key ? result.state : { status: 'loading' };
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    const abort = new AbortController();
    services.rentalUnitsPage({ page, q: search || undefined }, abort.signal).then(
      (reply) => setResult({ key, state: { status: 'loaded', page: reply } }),
      (error: unknown) => {
        if (!abort.signal.aborted)
          setResult({ key, state: { status: 'failed', message: messageOr(error, SERVER_FALLBACK_MESSAGE) } });
      },
    );
    return () => abort.abort();
  }, [services, search, page, key]);

  const confirmVacant = (unit: OfficeRentalUnit) =>
    modals.openConfirmModal({
      title: 'Update Vacancy',
      children: (
        <Text size="sm">
          Mark {unitLabel(unit)} as vacant? A tenant application in process for it will be cancelled.
        </Text>
      ),
      labels: { confirm: 'Yes', cancel: 'No' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        void services.markVacant(String(unit.landlordId), unit.rentcode).then(
          (reply) => {
            showOfficeSnackbar(reply.message, 'success');
            reload();
          },
          (error: unknown) => {
            showOfficeSnackbar(messageOr(error, SERVER_FALLBACK_MESSAGE), 'error');
            reload();
          },
        ),
    });

  return (
    <LandlordServicesContext.Provider value={services}>
      <RentalUnitsListView
        state={state}
        search={search}
        vacancyUpdates={vacancyUpdates}
        onSearch={(text) => {
          setSearch(text);
          setPage(0);
        }}
        onPage={setPage}
        onEdit={setEditing}
        onUpdateStatus={confirmVacant}
        onConfirmLandlord={setConfirming}
      />
      {confirming ? (
        <Modal
          opened
          onClose={() => setConfirming(null)}
          title={`${UNIT_CONSENT_TITLE}: ${unitLabel(confirming)}`}
          closeButtonProps={{ 'aria-label': 'Close the landlord consent dialog' }}
        >
          <UnitConsentStep
            rentcode={confirming.rentcode}
            sentTo={null}
            onConfirmed={() => {
              setConfirming(null);
              showOfficeSnackbar(UNIT_CONFIRMED_BY_LANDLORD, 'success');
              reload();
            }}
          />
        </Modal>
      ) : null}
      {editing ? (
        <RentalUnitDialog
          landlordId={String(editing.landlordId)}
          unit={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </LandlordServicesContext.Provider>
  );
}
