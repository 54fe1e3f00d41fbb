import type { ServerFailure } from '../../machines/access/failures';
import { updatedReply, type PendingChannelChange } from '../../src/contract/channel-changes.contract';
import { STAFF_USER_MESSAGES, type ProfileReply } from '../../src/contract/staff-users.contract';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import { ProfileApiContext, type ProfileApi } from '../../src/web/features/profile/profile-api';
import { ProfilePage } from '../../src/web/features/profile/profile-page';
import { fakeChannelChangeCalls, pendingEmailChange } from '../components/channel-change-fakes';

/** The Profile page over in-memory calls, for stories and jsdom tests. */

export const moderatorProfile: ProfileReply = {
  username: 'moderator',
  role: 'MODERATOR',
  roleLabel: 'Sub-Locality/Ward Officer',
  usercode: 'PS1701001LA01W01',
  email: 'moderator@mrss.example',
  details: [
    { label: 'Sub-Locality/Wards Name', value: 'Laitumkhrah Main' },
    { label: 'Headman Name', value: 'B. Kharkongor' },
    { label: 'Locality/Cantonment', value: 'Laitumkhrah' },
    { label: 'Police Station', value: 'Laitumkhrah Police Station' },
    { label: 'District', value: 'East Khasi Hills' },
    { label: 'State', value: 'Meghalaya' },
  ],
};

export const verifierProfile: ProfileReply = {
  username: 'verifier',
  role: 'VERIFIER',
  roleLabel: 'Verifier',
  usercode: '1701',
  email: null,
  details: [
    { label: 'District', value: 'East Khasi Hills' },
    { label: 'State', value: 'Meghalaya' },
  ],
};

export interface FakeProfileOptions {
  profile?: ProfileReply;
  load?: 'works' | 'fails' | 'pending';
  update?: 'works' | 'refused';
  onUpdate?(username: string, email: string): void;
  /** A held change of the account's email asked by an administrator. */
  pendingChange?: PendingChannelChange;
}

const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

/** a***@mrss.example, as the server masks it. */
const maskedEmail = (email: string) => `${email.charAt(0)}***${email.slice(email.indexOf('@'))}`;

export function fakeProfileApi(options: FakeProfileOptions = {}): ProfileApi {
  let held: PendingChannelChange | null = null;
  const stopCalls = fakeChannelChangeCalls({ pending: options.pendingChange ?? null, holder: 'staff' });
  return {
    profile: () => {
      if (options.load === 'fails') return refuse({ status: 500, message: 'Error in Server' });
      if (options.load === 'pending') return new Promise<ProfileReply>(() => {});
      return Promise.resolve(options.profile ?? moderatorProfile);
    },
    updateEmail: (username, email) => {
      options.onUpdate?.(username, email);
      if (options.update === 'refused')
        return refuse({ status: 403, message: STAFF_USER_MESSAGES.notYourEmail });
      // The account's own change waits like an administrator's (docs/otp-channel-changes.md).
      held = {
        ...pendingEmailChange,
        newEmail: maskedEmail(email),
        requestedBy: `you (signed in as ${username})`,
      };
      return Promise.resolve(updatedReply(STAFF_USER_MESSAGES.emailUpdated, held, 'staff'));
    },
    channelChange: {
      ...stopCalls,
      pending: async () => held ?? (await stopCalls.pending()),
    },
  };
}

export function ProfilePageWithFakes({ profile = {} }: { profile?: FakeProfileOptions }) {
  return (
    <ModalsLayer>
      <ProfileApiContext.Provider value={fakeProfileApi(profile)}>
        <ProfilePage />
      </ProfileApiContext.Provider>
    </ModalsLayer>
  );
}
