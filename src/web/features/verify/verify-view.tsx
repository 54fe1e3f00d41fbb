import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { STATUS_COLOURS } from '../../../../machines/application/statuses';
import type { VerifyReply } from '../../../contract/certificate.contract';

/** What the page shows: the check under way, its answer, or why it could not be made. */
export type VerifyState =
  { kind: 'checking' } | { kind: 'answered'; reply: VerifyReply } | { kind: 'failed'; message: string };

const DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', dateStyle: 'long' });

function Facts({ reply }: { reply: Extract<VerifyReply, { genuine: true }> }) {
  const rows: [string, string][] = [
    ['Certificate No.', reply.certificateNo],
    ['Application ID', String(reply.applid)],
    ['Issued on', DATE.format(new Date(reply.certifiedAt))],
    ['Certifying office', reply.certifyingOffice],
    ['Tenant', reply.tenantName],
    ['Landlord', reply.landlordName],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed" fz="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Answer({ state }: { state: VerifyState }) {
  if (state.kind === 'checking')
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Checking the certificate…</Text>
      </Group>
    );
  if (state.kind === 'failed')
    return (
      <Alert
        variant="filled"
        color={STATUS_COLOURS.red.hex}
        title="The certificate could not be checked"
        role="alert"
      >
        {state.message}
      </Alert>
    );
  const { reply } = state;
  if (!reply.genuine)
    return (
      <Alert variant="filled" color={STATUS_COLOURS.red.hex} title="Not a genuine certificate" role="alert">
        This code was not issued by the portal. The certificate may have been altered or forged: do not rely
        on it.
      </Alert>
    );
  return (
    <Stack gap="md">
      {reply.valid ? (
        <Alert variant="filled" color={STATUS_COLOURS.green.hex} title="Genuine and valid" role="status">
          This clearance certificate was issued by the portal and still stands.
        </Alert>
      ) : (
        <Alert
          variant="filled"
          color={STATUS_COLOURS.amber.hex}
          title="Genuine, but no longer valid"
          role="status"
        >
          {reply.reason ?? 'This certificate no longer stands.'}
        </Alert>
      )}
      <Facts reply={reply} />
    </Stack>
  );
}

/** The public certificate check: the answer for the code in the address, and a field to check another. */
export function VerifyView({
  code,
  state,
  onCheck,
}: {
  code: string;
  state: VerifyState;
  onCheck: (code: string) => void;
}) {
  const [typed, setTyped] = useState(code);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) onCheck(typed.trim());
  };
  return (
    <Container size="sm" py={{ base: 24, sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} c="govBlue.9">
            Verify a Clearance Certificate
          </Title>
          <Text c="dimmed">
            Scan the QR code on a tenant police clearance certificate, or type its verification code.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Answer state={state} />
        </Paper>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Verification code"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              maxLength={40}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button type="submit" disabled={!typed.trim()}>
              Check
            </Button>
          </Group>
        </form>
      </Stack>
    </Container>
  );
}
