import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { CreateUsersCard } from './create-users-card';
import { DeleteUsersCard } from './delete-users-card';
import { UsersTable } from './users-table';

/** /app/users (ADMIN): Create Users, Delete Users and the users table (docs/users-admin.md). */
export function UsersPage() {
  // Each creation or deletion reloads the table.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Users
      </Title>
      <CreateUsersCard onCreated={changed} />
      <DeleteUsersCard onDeleted={changed} />
      <UsersTable version={version} />
    </Stack>
  );
}
