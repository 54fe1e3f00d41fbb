import { useState, type ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import type { Tenant } from '../../../contract/tenants.contract';
import { BasicDetailsForm, type TenantSaved } from './basic-details-form';
import { DocumentsTab } from './documents-tab';
import { FamilyMembersTab } from './family-members-tab';
import { HelpersTab } from './helpers-tab';

type ProfileTab = 'basic' | 'family' | 'helpers' | 'documents';

export interface TenantProfileTabsProps {
  /** The tenant as the server sent it; null for a new registration. */
  tenant: Tenant | null;
  /** The ID a new tenant's form starts with. */
  epicNo: string;
  /** Register-only mode: Basic Details alone (a new tenant in the citizen dialog). */
  registering: boolean;
  /** Family Members, Domestic Helpers and Documents are open (the tenant exists, and the caller may reach it). */
  othersEnabled: boolean;
  onSaved: (saved: TenantSaved) => void;
  onDocumentsChanged?: (types: string[]) => void;
}

const ignoreDocuments = () => {};

/**
 * The tenant profile tabs (public-portal.md "Tenant profile tabs"): Basic Details, Family Members, Domestic
 * Helpers, Documents. The citizen dialog (TenantProfile, from the stepper machine) and the officials' Tenants page
 * (StaffTenantProfile) both show this view; the calls behind it come from the TenantServicesContext.
 */
export function TenantProfileTabs({
  tenant,
  epicNo,
  registering,
  othersEnabled,
  onSaved,
  onDocumentsChanged = ignoreDocuments,
}: TenantProfileTabsProps): ReactNode {
  const [tab, setTab] = useState<ProfileTab>('basic');
  const tenantId = tenant?.id ?? null;
  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as ProfileTab | null) ?? 'basic')}
      keepMounted={false}
    >
      <Tabs.List>
        <Tabs.Tab value="basic">Basic Details</Tabs.Tab>
        {registering ? null : (
          <>
            <Tabs.Tab value="family" disabled={!othersEnabled}>
              Family Members
            </Tabs.Tab>
            <Tabs.Tab value="helpers" disabled={!othersEnabled}>
              Domestic Helpers
            </Tabs.Tab>
            <Tabs.Tab value="documents" disabled={!othersEnabled}>
              Documents
            </Tabs.Tab>
          </>
        )}
      </Tabs.List>
      <Tabs.Panel value="basic" pt="md">
        <BasicDetailsForm key={tenantId ?? 'new'} tenant={tenant} epicNo={epicNo} onSaved={onSaved} />
      </Tabs.Panel>
      {othersEnabled && tenantId !== null ? (
        <>
          <Tabs.Panel value="family" pt="md">
            <FamilyMembersTab tenantId={tenantId} onSkip={() => setTab('helpers')} />
          </Tabs.Panel>
          <Tabs.Panel value="helpers" pt="md">
            <HelpersTab tenantId={tenantId} onSkip={() => setTab('documents')} />
          </Tabs.Panel>
          <Tabs.Panel value="documents" pt="md">
            <DocumentsTab tenantId={tenantId} onDocumentsChanged={onDocumentsChanged} />
          </Tabs.Panel>
        </>
      ) : null}
    </Tabs>
  );
}
