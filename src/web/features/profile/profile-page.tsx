import { useEffect, useState } from 'react';
import { Alert, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messageOr } from '../../../../machines/access/failures';
import type { ProfileReply } from '../../../contract/staff-users.contract';
import { ChannelChangeAlert } from '../../components/channel-change-alert';
import { EmailUpdationCard } from './email-updation-card';
import { useProfileApi } from './profile-api';

type Load =
  { kind: 'loading' } | { kind: 'loaded'; profile: ProfileReply } | { kind: 'failed'; message: string };

/**
 * /app/profile (every role): the official's own details, read-only, by role (a ward officer its ward and headman,
 * a locality officer its locality, a verifier its district; docs/users-admin.md), and Email Updation; above them
 * a pending change of the account's email asked by an administrator, with Stop (docs/otp-channel-changes.md).
 */
export function ProfilePage() {
  const api = useProfileApi();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  /** Bumped by each held change of the email: the alert reads the pending change again. */
  const [heldChanges, setHeldChanges] = useState(0);

  useEffect(() => {
    let live = true;
    api.profile().then(
      (profile) => live && setLoad({ kind: 'loaded', profile }),
      (err: unknown) =>
        live && setLoad({ kind: 'failed', message: messageOr(err, 'Server Issue. Please try again later!') }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Profile
      </Title>
      {load.kind === 'loading' ? <Loader size="sm" role="status" aria-label="Loading the profile" /> : null}
      {load.kind === 'failed' ? (
        <Alert color="red.9" variant="outline" role="alert" title="Profile not loaded">
          {load.message}
        </Alert>
      ) : null}
      {load.kind === 'loaded' ? (
        <>
          {/* A change of this account's email waits (its own or an administrator's); it may be stopped here. */}
          <ChannelChangeAlert key={heldChanges} calls={api.channelChange} />
          <BasicDetails profile={load.profile} />
          <EmailUpdationCard
            username={load.profile.username}
            onUpdated={(email, held) =>
              held
                ? setHeldChanges((n) => n + 1)
                : setLoad({ kind: 'loaded', profile: { ...load.profile, email } })
            }
          />
        </>
      ) : null}
    </Stack>
  );
}

function BasicDetails({ profile }: { profile: ProfileReply }) {
  const rows = [
    { label: 'Name', value: profile.username },
    { label: 'Role', value: profile.roleLabel },
    ...profile.details,
    { label: 'Usercode', value: profile.usercode },
    { label: 'Email', value: profile.email ?? 'None registered' },
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="basic-details-title">
      <Title order={2} fz={20} id="basic-details-title" mb="sm">
        Basic Details
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
        {rows.map((row) => (
          <div key={row.label}>
            <Text component="dt" size="sm" fw={600}>
              {row.label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {row.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
