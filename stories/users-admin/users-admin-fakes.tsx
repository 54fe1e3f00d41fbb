import type { ServerFailure } from '../../machines/access/failures';
import { pageMeta } from '../../src/contract/paging';
import { ROLE_LABELS } from '../../src/contract/roles';
import {
  STAFF_USER_MESSAGES,
  USERS_PAGE_SIZE,
  type SignUpReply,
  type StaffUserRow,
  type UsersPage,
} from '../../src/contract/staff-users.contract';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import type { NewStaffUser } from '../../src/web/components/staff-user-api';
import { UsersAdminApiContext, type UsersAdminApi } from '../../src/web/features/users-admin/users-admin-api';
import { UsersPage as UsersPageView } from '../../src/web/features/users-admin/users-page';

/** The Users page over in-memory calls (no network), for stories and jsdom tests. */

const row = (id: number, username: string, role: StaffUserRow['role'], usercode: string): StaffUserRow => ({
  id,
  username,
  role,
  roleLabel: ROLE_LABELS[role],
  usercode,
  email: `${username}@mrss.example`,
});

export const sampleUsers: StaffUserRow[] = [
  row(1, 'admin', 'ADMIN', '17'),
  row(2, 'supervisor', 'SUPERVISOR', '17'),
  row(3, 'verifier', 'VERIFIER', '1701'),
  row(4, 'user', 'USER', '1701'),
  row(5, 'police', 'POLICE', 'PS1701001'),
  row(6, 'locality', 'LOCALITY', 'PS1701001LA01'),
  row(7, 'supermoderator', 'SUPERMODERATOR', 'PS1701001LA01'),
  row(8, 'supermoderator2', 'SUPERMODERATOR', 'PS1701001LA02'),
  row(9, 'moderator', 'MODERATOR', 'PS1701001LA01W01'),
  row(10, 'moderator2', 'MODERATOR', 'PS1701001LA02W01'),
  row(11, 'verifier.jaintia', 'VERIFIER', '1705'),
];

export interface FakeUsersOptions {
  users?: StaffUserRow[];
  /** 'fails': the table answers 500; 'pending': it never answers. */
  list?: 'works' | 'fails' | 'pending';
  create?: 'works' | 'taken';
  remove?: 'works' | 'missing';
  onCreate?(user: NewStaffUser): void;
  onDelete?(id: number): void;
}

const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

export function fakeUsersAdminApi(options: FakeUsersOptions = {}): UsersAdminApi {
  const users = options.users ?? sampleUsers;
  return {
    states: () => Promise.resolve([{ stateCode: '17', stateName: 'Meghalaya' }]),
    districts: () =>
      Promise.resolve([
        { districtCode: '1701', districtName: 'East Khasi Hills' },
        { districtCode: '1705', districtName: 'West Jaintia Hills' },
      ]),
    createUser: (user) => {
      options.onCreate?.(user);
      if (options.create === 'taken')
        return refuse({ status: 409, message: STAFF_USER_MESSAGES.usernameTaken });
      const reply: SignUpReply = { message: STAFF_USER_MESSAGES.created, id: 42, username: user.username };
      return Promise.resolve(reply);
    },
    deleteUser: (id) => {
      options.onDelete?.(id);
      if (options.remove === 'missing')
        return refuse({ status: 404, message: STAFF_USER_MESSAGES.noSuchUser });
      return Promise.resolve(STAFF_USER_MESSAGES.deleted);
    },
    usersPage: ({ page, username }) => {
      if (options.list === 'fails') return refuse({ status: 500, message: 'Error in Server' });
      if (options.list === 'pending') return new Promise<UsersPage>(() => {});
      const found = users.filter((u) => u.username.includes(username.toLowerCase()));
      const content = found.slice(page * USERS_PAGE_SIZE, (page + 1) * USERS_PAGE_SIZE);
      return Promise.resolve({ ...pageMeta(page, USERS_PAGE_SIZE, found.length), content });
    },
  };
}

export function UsersPageWithFakes({ users = {} }: { users?: FakeUsersOptions }) {
  return (
    <ModalsLayer>
      <UsersAdminApiContext.Provider value={fakeUsersAdminApi(users)}>
        <UsersPageView />
      </UsersAdminApiContext.Provider>
    </ModalsLayer>
  );
}
