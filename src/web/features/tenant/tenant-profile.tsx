import { useCallback, useState } from 'react';
import { Tabs } from '@mantine/core';
import {
  isTenantRegistration,
  tenantOtherTabsEnabled,
} from '../../../../machines/access/tenant-stepper.selectors';
import type { Tenant } from '../../../contract/tenants.contract';
import { BasicDetailsForm } from './basic-details-form';
import { DocumentsTab } from './documents-tab';
import { FamilyMembersTab } from './family-members-tab';
import { HelpersTab } from './helpers-tab';
import { TenantActor } from './tenant-actor';

type ProfileTab = 'basic' | 'family' | 'helpers' | 'documents';

/**
 * Step 1, the tenant profile tabs (public-portal.md "Tenant profile tabs"). A new tenant sees only Basic Details;
 * the other tabs open once the tenant exists and its key is held (the machine's selector says so).
 */
export function TenantProfile() {
  const actor = TenantActor.useActorRef();
  const snapshot = TenantActor.useSelector((s) => s);
  const [tab, setTab] = useState<ProfileTab>('basic');
  const registering = isTenantRegistration(snapshot);
  const othersEnabled = tenantOtherTabsEnabled(snapshot);
  const record = snapshot.context.tenant;
  const tenant = (record?.details as Tenant | undefined) ?? null;
  const tenantId = record?.tenantId ? Number(record.tenantId) : null;
  const documentsChanged = useCallback(
    (types: string[]) => actor.send({ type: 'documents.changed', types }),
    [actor],
  );
  const saved = (next: Tenant) =>
    actor.send({ type: 'tenant.saved', tenantId: String(next.id), details: next });

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
        <BasicDetailsForm
          key={record?.tenantId ?? 'new'}
          tenant={tenant}
          epicNo={record?.epicNo ?? snapshot.context.id}
          onSaved={saved}
        />
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
            <DocumentsTab tenantId={tenantId} onDocumentsChanged={documentsChanged} />
          </Tabs.Panel>
        </>
      ) : null}
    </Tabs>
  );
}
