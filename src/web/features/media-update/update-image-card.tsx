import { useState } from 'react';
import { Alert, Button, FileInput, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { NoticeAlert } from '../../components/notice-alert';
import { ChosenHeroPreview, CurrentHeroImage } from './hero-previews';
import { canUpload } from './hero-upload-state';
import { useHeroUpload } from './use-hero-upload';

/** Media Update's Update Image card (backoffice.md section 2, finished as docs/media.md describes). */
export function UpdateImageCard() {
  const { current, step, choose, upload } = useHeroUpload();
  const [file, setFile] = useState<File | null>(null);
  const onChange = (next: File | null) => {
    setFile(next);
    void choose(next);
  };
  const onUpload = async () => {
    if (await upload()) setFile(null);
  };
  const uploading = step.kind === 'uploading';

  return (
    <Paper component="section" aria-labelledby="update-image-title" withBorder radius="md" p="lg" maw={900}>
      <Stack gap="md">
        <Title order={2} id="update-image-title" fz="lg">
          Update Image
        </Title>
        <Text>
          The picture behind the landing page&apos;s welcome banner. A JPEG or PNG image of at most 1 MB; a
          smaller copy for phones is made here when you upload.
        </Text>
        <CurrentHeroImage current={current} />
        <FileInput
          label="New image"
          description="JPEG or PNG, at most 1 MB"
          placeholder="Choose an image"
          accept="image/jpeg,image/png"
          value={file}
          onChange={onChange}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          disabled={uploading}
        />
        {step.kind === 'preparing' ? (
          <Group gap="xs" role="status" aria-label="Checking the image">
            <Loader size="sm" />
            <Text>Checking {step.name}…</Text>
          </Group>
        ) : null}
        {step.kind === 'refused' ? (
          <Alert color="red" title={`${step.name} cannot be used`} role="alert">
            {step.message}
          </Alert>
        ) : null}
        {'chosen' in step ? <ChosenHeroPreview chosen={step.chosen} /> : null}
        {step.kind === 'failed' ? (
          <Alert color="red" title="The image was not uploaded" role="alert">
            {step.message}
          </Alert>
        ) : null}
        {step.kind === 'done' ? (
          <NoticeAlert notice={{ kind: 'success', code: 'mediaUpdate.uploaded', text: step.message }} />
        ) : null}
        <Group>
          <Button onClick={() => void onUpload()} disabled={!canUpload(step)} loading={uploading}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
