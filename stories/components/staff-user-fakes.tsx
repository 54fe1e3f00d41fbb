import type { ServerFailure } from '../../machines/access/failures';
import { STAFF_USER_MESSAGES, type SignUpReply } from '../../src/contract/staff-users.contract';
import {
  StaffUserApiContext,
  type NewStaffUser,
  type StaffUserApi,
} from '../../src/web/components/staff-user-api';
import { StaffUserDialog, type StaffUserDialogProps } from '../../src/web/components/staff-user-dialog';

/** A password that meets the policy (long, not the username, not a common one). */
export const VALID_PASSWORD = 'Lumkhrah-Tura-2026';

export interface FakeStaffUserOptions {
  /** 'taken': a 409 with the server's reason; 'pending': never answers. */
  createUser?: 'works' | 'taken' | 'pending';
  onCall?(user: NewStaffUser): void;
}

/** Rejects the way the browser wiring does: with a plain `{status, message}` (asServerCall), not an Error. */
const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

export function fakeStaffUserApi(options: FakeStaffUserOptions = {}): StaffUserApi {
  return {
    createUser: (user) => {
      options.onCall?.(user);
      if (options.createUser === 'pending') return new Promise<SignUpReply>(() => {});
      if (options.createUser === 'taken')
        return refuse({ status: 409, message: STAFF_USER_MESSAGES.usernameTaken });
      return Promise.resolve({ message: STAFF_USER_MESSAGES.created, id: 41, username: user.username });
    },
  };
}

/** The shared create-user dialog over a fake users/sign-up. */
export function StaffUserDialogWithFakes({
  fake = {},
  ...props
}: StaffUserDialogProps & { fake?: FakeStaffUserOptions }) {
  return (
    <StaffUserApiContext.Provider value={fakeStaffUserApi(fake)}>
      <StaffUserDialog {...props} />
    </StaffUserApiContext.Provider>
  );
}
