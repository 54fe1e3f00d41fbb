import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ApplicationsApi } from '../../src/web/features/applications/applications-api';
import { ApplicationsApiProvider } from '../../src/web/features/applications/applications-api';
import { ApplicationDetailDialog } from '../../src/web/features/applications/application-detail-dialog';
import type { LifecycleEventType, StaffRole, StatusCode } from '../../machines/application';
import { demoDetail, fakeApplicationsApi, withheldDetail } from './application-fixtures';

/**
 * The application dialog for each status and role that sees it. The buttons come only from the allowedEvents
 * the server's lifecycle machine returns; each story's allowedEvents are what the machine grants that role.
 */
const meta = {
  title: 'Applications/Application detail dialog',
  component: ApplicationDetailDialog,
  args: { applid: 1042, onClose: fn(), onChanged: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ApplicationDetailDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const withApi =
  (api: ApplicationsApi): Story['decorators'] =>
  (Story) => (
    <ApplicationsApiProvider value={api}>
      <Story />
    </ApplicationsApiProvider>
  );

const showing = (
  status: StatusCode,
  events: LifecycleEventType[],
  role: StaffRole,
  message?: string,
): Story => ({
  decorators: withApi(fakeApplicationsApi({ detail: demoDetail(status, events, role), actMessage: message })),
});

export const Loading: Story = { decorators: withApi(fakeApplicationsApi({})) };

export const ModeratorOnPending = showing(
  'LARP',
  ['application.recommendApproval', 'application.recommendRejection', 'application.requestRectification'],
  'MODERATOR',
  'Successfully forwarded the application to the Locality.',
);

export const SupermoderatorOnForwarded = showing(
  'LAVP',
  ['application.accept', 'application.decline', 'application.requestRectification'],
  'SUPERMODERATOR',
  'Successfully Approved Application',
);

export const SupermoderatorOnApproved = showing(
  'PLVP',
  ['application.certify'],
  'SUPERMODERATOR',
  'Successfully certified the application.',
);

export const ModeratorOnOwnForwarded = showing(
  'LAVP',
  ['application.delete'],
  'MODERATOR',
  'Successfully deleted the application.',
);

export const ReadOnlyRejected = showing('RJT', [], 'MODERATOR');

export const ReadOnlyShifted = showing('APARV', [], 'SUPERMODERATOR');

export const ReadOnlyRectification = showing('RECT', [], 'MODERATOR');

/**
 * The official reaches the application by its ward but neither the landlord nor the tenant (a decoy unit, an office
 * application for a tenant held elsewhere: docs/reach.md): names and ID numbers, and where the rest is kept.
 */
export const PeopleOutsideReach: Story = {
  decorators: withApi(
    fakeApplicationsApi({
      detail: withheldDetail(
        demoDetail('LARP', ['application.recommendApproval', 'application.recommendRejection'], 'MODERATOR'),
      ),
    }),
  ),
};

const landlordMade = (consent: 'given' | 'pending') => ({
  ...demoDetail('LARP', ['application.recommendApproval', 'application.recommendRejection'], 'MODERATOR'),
  logby: 'landlord:1',
  complete: consent === 'given',
  tenantConsent: consent,
  tenantConsentedAt: consent === 'given' ? '2026-11-10T09:05:00.000Z' : null,
});

/** A landlord's application the tenant consented to: "Tenant's consent: received" with the date and time (IST). */
export const TenantConsented: Story = {
  decorators: withApi(fakeApplicationsApi({ detail: landlordMade('given') })),
};

/** A landlord's application still waiting for the tenant's code: "Tenant's consent: pending", the tenant withheld. */
export const TenantConsentPending: Story = {
  decorators: withApi(fakeApplicationsApi({ detail: withheldDetail(landlordMade('pending')) })),
};

/** The server refuses (someone else acted first): its message is shown in the dialog. */
export const ActionRefused: Story = {
  decorators: withApi(
    fakeApplicationsApi({
      detail: demoDetail('LAVP', ['application.accept', 'application.decline'], 'SUPERMODERATOR'),
      failWith: 'This application was changed by someone else. Please reload it.',
    }),
  ),
};
