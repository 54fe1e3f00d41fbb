import { Stack, Title } from '@mantine/core';
import { UpdateImageCard } from './update-image-card';

/** /app/media-update (ADMIN): the landing page's hero image (docs/media.md). */
export function MediaUpdatePage() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Media Update
      </Title>
      <UpdateImageCard />
    </Stack>
  );
}
