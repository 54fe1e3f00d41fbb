import { ActionIcon, Center, Group, Image, Loader, Text, TextInput } from '@mantine/core';
import type { CaptchaChallenge } from '../../../../machines/session/staff-login.machine';

export const CAPTCHA_UNAVAILABLE_MESSAGE = 'The captcha could not be loaded. Please refresh it.';

interface CaptchaFieldProps {
  challenge: CaptchaChallenge | null;
  loading: boolean;
  failed: boolean;
  answer: string;
  answerEditable: boolean;
  refreshable: boolean;
  onAnswerChange: (value: string) => void;
  onRefresh: () => void;
}

/** The captcha image with its refresh button, and the field for the answer. */
export function CaptchaField(props: CaptchaFieldProps) {
  const { challenge, loading, failed } = props;
  return (
    <div>
      <Group gap="xs" wrap="nowrap" align="center">
        <Center
          h={56}
          w={180}
          bd="1px solid var(--mantine-color-gray-4)"
          style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
          aria-busy={loading}
        >
          {challenge ? (
            <Image
              src={`data:${challenge.contentType};base64,${challenge.image}`}
              alt="Captcha"
              h={54}
              w="auto"
            />
          ) : loading ? (
            <Loader size="sm" role="status" aria-label="Loading captcha" />
          ) : null}
        </Center>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label="Refresh captcha"
          onClick={props.onRefresh}
          disabled={!props.refreshable}
        >
          <RefreshIcon />
        </ActionIcon>
      </Group>
      {failed ? (
        <Text c="var(--mantine-color-error)" size="sm" mt={4} role="alert">
          {CAPTCHA_UNAVAILABLE_MESSAGE}
        </Text>
      ) : null}
      <TextInput
        mt="sm"
        label="Captcha"
        description="Type the characters shown in the image"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={props.answer}
        disabled={!props.answerEditable}
        onChange={(event) => props.onAnswerChange(event.currentTarget.value)}
      />
    </div>
  );
}

export function RefreshIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M20 11a8 8 0 1 0-2.3 5.7" strokeLinecap="round" />
      <path d="M20 4v7h-7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
