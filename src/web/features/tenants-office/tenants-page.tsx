import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { messageOr, SERVER_FALLBACK_MESSAGE, statusOf } from '../../../../machines/access/failures';
import type { ApplicationRow } from '../../../contract/applications.contract';
import type { Tenant } from '../../../contract/tenants.contract';
import { showFormSnackbar } from '../../app/snackbar';
import { IncompleteApplications } from './incomplete-applications';
import { TenantEntry, type EntryMode } from './tenant-entry';
import { SettleContestForm } from './settle-contest-form';
import type { Role } from '../../../contract/roles';
import { useTenantsOfficeApi } from './tenants-office-api';
import { useIncompleteList } from './use-incomplete-list';

export const TENANTS_PAGE_TITLE = 'Add or re-visit a tenant profile';

/** public-portal.md section 8 (the rental-unit page's wording, used for tenants by the legacy client too). */
export const tenantNotFoundMessage = (id: string) =>
  `No tenant with ID ${id} in your jurisdiction; add as new!`;
export const tenantAlreadyRegisteredMessage = (id: string) =>
  `Tenant with ID ${id} is registered already: its profile is shown.`;

/** What the page hands the profile it opens: a found or re-visited tenant, or a new one with its ID. */
export interface ProfileEntry {
  tenant: Tenant | null;
  epicNo: string;
  onClose: () => void;
}

export interface TenantsPageProps {
  viewer: { username: string; usercode: string; role: Role };
  /** The tenant profile view (the citizen's tabs over the staff calls); the route plugs it in. */
  renderProfile: (entry: ProfileEntry) => ReactNode;
}

type Opened = { tenant: Tenant | null; epicNo: string };

/**
 * The officials' Tenants page (public-portal.md "Tenants page", /app/tenants): Existing Tenant and New Tenant, the
 * INCOMPLETE APPLICATION(S) table with page buttons and Re-visit Tenant; a chosen tenant opens the profile tabs.
 */
export function TenantsPage({ viewer, renderProfile }: TenantsPageProps) {
  const api = useTenantsOfficeApi();
  const [page, setPage] = useState(0);
  const [entry, setEntry] = useState<EntryMode | 'contested' | null>(null);
  const [searching, setSearching] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [revisiting, setRevisiting] = useState<number | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const list = useIncompleteList({ code: viewer.usercode, username: viewer.username, page });

  const choose = (mode: EntryMode | 'contested' | null) => {
    setEntry(mode);
    setRefusal(null);
  };

  const lookup = async (id: string) => {
    setSearching(true);
    setRefusal(null);
    try {
      const tenant = await api.tenantByIdNumber(id);
      if (entry === 'new') showFormSnackbar(tenantAlreadyRegisteredMessage(id), 'info');
      setOpened({ tenant, epicNo: tenant.epicNo });
    } catch (failure) {
      if (statusOf(failure) === 404) {
        if (entry === 'existing') showFormSnackbar(tenantNotFoundMessage(id), 'info');
        setOpened({ tenant: null, epicNo: id });
      } else {
        setRefusal(messageOr(failure, SERVER_FALLBACK_MESSAGE));
      }
    } finally {
      setSearching(false);
    }
  };

  const revisit = async (row: ApplicationRow) => {
    setRevisiting(row.applid);
    try {
      const tenant = await api.tenantOfApplication(row.applid);
      setOpened({ tenant, epicNo: tenant.epicNo });
    } catch (failure) {
      showFormSnackbar(messageOr(failure, SERVER_FALLBACK_MESSAGE), 'error');
    } finally {
      setRevisiting(null);
    }
  };

  if (opened) {
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          {TENANTS_PAGE_TITLE}
        </Title>
        {renderProfile({
          ...opened,
          onClose: () => {
            setOpened(null);
            choose(null);
          },
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {TENANTS_PAGE_TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          Open a registered tenant by ID, register a new one, or continue with an application not applied yet.
        </Text>
      </Stack>
      <Group gap="sm">
        <Button
          variant={entry === 'existing' ? 'filled' : 'outline'}
          aria-pressed={entry === 'existing'}
          onClick={() => choose('existing')}
        >
          Existing Tenant
        </Button>
        <Button
          variant={entry === 'new' ? 'filled' : 'outline'}
          aria-pressed={entry === 'new'}
          onClick={() => choose('new')}
        >
          New Tenant
        </Button>
        {/* A locality officer settles contested records at the counter (docs/otp-channel-changes.md). */}
        {viewer.role === 'SUPERMODERATOR' ? (
          <Button
            variant={entry === 'contested' ? 'filled' : 'outline'}
            aria-pressed={entry === 'contested'}
            onClick={() => choose('contested')}
          >
            Contested Record
          </Button>
        ) : null}
      </Group>
      {entry === 'contested' ? <SettleContestForm onCancel={() => choose(null)} /> : null}
      {entry === 'existing' || entry === 'new' ? (
        <TenantEntry
          key={entry}
          mode={entry}
          searching={searching}
          refusal={refusal}
          onLookup={(id) => void lookup(id)}
          onCancel={() => choose(null)}
        />
      ) : null}
      <IncompleteApplications
        state={list}
        revisiting={revisiting}
        onPage={setPage}
        onRevisit={(row) => void revisit(row)}
      />
    </Stack>
  );
}
