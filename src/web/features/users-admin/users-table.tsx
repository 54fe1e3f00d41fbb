import { useEffect, useState } from 'react';
import { Alert, Card, Loader, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { messageOr } from '../../../../machines/access/failures';
import type { UsersPage } from '../../../contract/staff-users.contract';
import { Pager } from '../../components/pager';
import { useUsersAdminApi } from './users-admin-api';

type Load = { kind: 'loading' } | { kind: 'loaded'; page: UsersPage } | { kind: 'failed'; message: string };

/** The accounts that can sign in, by ID, with a username filter: where an admin finds the ID to delete. */
export function UsersTable({ version }: { version: number }) {
  const api = useUsersAdminApi();
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState('');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    // A short pause so typing in the filter asks once, not once per key.
    const timer = setTimeout(() => {
      setLoad({ kind: 'loading' });
      api.usersPage({ page, username: filter }).then(
        (result) => live && setLoad({ kind: 'loaded', page: result }),
        (err: unknown) => live && setLoad({ kind: 'failed', message: messageOr(err, 'No Records Found') }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, page, filter, version]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="users-table-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="users-table-title">
          Users
        </Title>
        <TextInput
          label="Filter by username"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setPage(0);
          }}
        />
        {load.kind === 'loading' ? <Loader size="sm" aria-label="Loading users" role="status" /> : null}
        {load.kind === 'failed' ? (
          <Alert color="red.9" variant="outline" role="alert">
            {load.message}
          </Alert>
        ) : null}
        {load.kind === 'loaded' && load.page.content.length === 0 ? <Text>No Records Found</Text> : null}
        {load.kind === 'loaded' && load.page.content.length > 0 ? (
          <>
            <ScrollArea
              type="auto"
              offsetScrollbars
              // A keyboard can scroll the table (axe: scrollable-region-focusable).
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Users table' }}
            >
              <Table striped miw={560} aria-labelledby="users-table-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>ID</Table.Th>
                    <Table.Th>Username</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Usercode</Table.Th>
                    <Table.Th>Email</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {load.page.content.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>{user.id}</Table.Td>
                      <Table.Td>{user.username}</Table.Td>
                      <Table.Td>{user.roleLabel}</Table.Td>
                      <Table.Td>{user.usercode}</Table.Td>
                      <Table.Td>{user.email ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <Pager
              page={load.page.pageNumber}
              totalPages={load.page.totalPages}
              isFirst={load.page.iscurrentPageFirst}
              isLast={load.page.iscurrentPageLast}
              onPage={setPage}
              label="Users pages"
            />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
