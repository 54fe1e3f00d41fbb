import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useState, type JSX } from 'react';
import type { StaffRole } from '../../../../machines/application/lifecycle.events';
import { isPanelLoading, panelLoadFailed, panelNotice } from '../../../../machines/clearance';
import { NoticeAlert } from '../../components/notice-alert';
import { useOfficeApplicationsApi } from './office-applications-api';
import { TenantApplicationsCompleted } from './tenant-applications-completed';
import { TenantApplicationsCreate } from './tenant-applications-create';
import { TenantApplicationsSelect } from './tenant-applications-select';
import { tenantApplicationLogic } from './tenant-applications.wiring';
import { inspectOptions } from '../../lib/machine-inspector';

export interface TenantApplicationsPanelProps {
  viewer: { role: StaffRole; username: string; usercode: string };
  /** The landlord the applications are for (the wizard's steps 0-1, or the page's EPIC field). */
  landlord: { id: number; epic: string; name: string };
  /** The tenant chosen at the wizard's Tenants step, prefilled in Create New Application; null: typed there. */
  tenantIdNumber: string | null;
  /** 'own': /app/new-application (process/user/SaveApplication); 'office': /app/offlineapplication (SaveApplication_Police). */
  channel: 'own' | 'office';
  /** After an application is applied: the wizard enables Finish and keeps the id for its final download. */
  onApplied?: (applid: number) => void;
}

/**
 * The Tenant Applications panel (public-portal.md section 2; docs/office-applications.md): Incomplete Application
 * and Create New Application, the "Select Application You Wish To Apply" dialog and the completed applications of
 * the landlord. The calls come from OfficeApplicationsApiContext (fakes in stories and tests).
 */
export function TenantApplicationsPanel(props: TenantApplicationsPanelProps): JSX.Element {
  const { viewer, landlord, tenantIdNumber, channel } = props;
  const api = useOfficeApplicationsApi();
  // The actor starts once, with the calls of its first render.
  const [logic] = useState(() => tenantApplicationLogic(api));
  const actor = useActorRef(logic, {
    ...inspectOptions(),
    input: { viewer: { role: viewer.role, username: viewer.username }, landlord, tenantIdNumber, channel },
  });
  // The wizard hears each application applied here (its Finish and final download).
  const appliedId = useSelector(actor, (s) => s.context.applied?.applid ?? null);
  const reportApplied = useEffectEvent((applid: number) => props.onApplied?.(applid));
  useEffect(() => {
    if (appliedId !== null) reportApplied(appliedId);
  }, [appliedId]);
  const loading = useSelector(actor, isPanelLoading);
  const failed = useSelector(actor, panelLoadFailed);
  const notice = useSelector(actor, (s) => s.context.notice);
  const canOpen = useSelector(actor, (s) => s.can({ type: 'create.open' }));
  const shownNotice = useSelector(actor, panelNotice);

  if (loading) {
    return (
      <Center h={160} role="status" aria-label="Loading the landlord's applications">
        <Loader size="sm" />
      </Center>
    );
  }
  if (failed) {
    return (
      <Stack gap="sm" align="flex-start">
        <NoticeAlert notice={notice} />
        <Button onClick={() => actor.send({ type: 'retry' })}>Retry</Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <NoticeAlert notice={shownNotice} />
      <Group gap="sm">
        <Button disabled={!canOpen} onClick={() => actor.send({ type: 'incomplete.open' })}>
          Incomplete Application
        </Button>
        <Button disabled={!canOpen} onClick={() => actor.send({ type: 'create.open' })}>
          Create New Application
        </Button>
      </Group>
      <TenantApplicationsCompleted actor={actor} />
      <TenantApplicationsCreate actor={actor} />
      <TenantApplicationsSelect actor={actor} />
    </Stack>
  );
}
