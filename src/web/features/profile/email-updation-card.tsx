import { useState, type FormEvent } from 'react';
import { Button, Card, Group, TextInput, Title } from '@mantine/core';
import { messageOr } from '../../../../machines/access/failures';
import { emailSchema } from '../../../contract/staff-users.contract';
import { showSnackbar } from '../../app/snackbar';
import { useProfileApi } from './profile-api';

/**
 * Email Updation (backoffice.md "Profile"): a new email and Update; the server's message either way. The change is
 * held for the waiting period (the page's alert then shows it, with Stop).
 */
export function EmailUpdationCard({
  username,
  onUpdated,
}: {
  username: string;
  /** The email changed at once, or (`held`) a change of it waits and the page shows it. */
  onUpdated: (email: string, held: boolean) => void;
}) {
  const api = useProfileApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid email address.');
    setError(null);
    setSending(true);
    try {
      const reply = await api.updateEmail(username, parsed.data);
      showSnackbar(reply.message, 'success');
      setEmail('');
      onUpdated(parsed.data, Boolean(reply.channelChange));
    } catch (err) {
      showSnackbar(messageOr(err, 'Server Issue. Please try again later!'), 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-updation-title">
      <Title order={2} fz={20} id="email-updation-title" mb="sm">
        Email Updation
      </Title>
      <form onSubmit={submit} noValidate aria-label="Email Updation">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(e) => setEmail(e.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" loading={sending} disabled={!email.trim()}>
            Update
          </Button>
        </Group>
      </form>
    </Card>
  );
}
