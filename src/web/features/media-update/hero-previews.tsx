import { Alert, Box, Flex, Image, Stack, Text } from '@mantine/core';
import { formatDay } from '../../lib/dates';
import type { ChosenImage, CurrentHero } from './hero-upload-state';
import { useMediaUpdateServices } from './media-update-api';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;
const TYPE_NAMES = { 'image/jpeg': 'JPEG', 'image/png': 'PNG' } as const;

/** A picture in a fixed 16:9 (wide) or 3:4 (phone) box, so nothing moves while it loads. */
function Framed({ src, alt, ratio, caption }: { src: string; alt: string; ratio: string; caption: string }) {
  return (
    <Stack component="figure" gap={4} m={0}>
      <Image
        src={src}
        alt={alt}
        radius="sm"
        fit="cover"
        loading="lazy"
        decoding="async"
        style={{ aspectRatio: ratio, background: '#0d305a' }}
      />
      <Text component="figcaption" fz="sm" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

/** The pair the landing page uses: the picture for wide screens and the copy phones get. */
function Pair({ wide, phone, label }: { wide: string; phone: string; label: string }) {
  return (
    <Flex gap="md" wrap="wrap" align="flex-start">
      <Box style={{ flex: '2 1 16rem' }}>
        <Framed src={wide} alt={`${label}, as wide screens show it`} ratio="16 / 9" caption="Wide screens" />
      </Box>
      <Box style={{ flex: '1 1 8rem', maxWidth: '14rem' }}>
        <Framed src={phone} alt={`${label}, the copy phones get`} ratio="3 / 4" caption="Phones" />
      </Box>
    </Flex>
  );
}

/** What the landing page shows now. */
export function CurrentHeroImage({ current }: { current: CurrentHero }) {
  const { imageUrl } = useMediaUpdateServices();
  if (current.status === 'loading') return <Text c="dimmed">Loading the current image…</Text>;
  if (current.status === 'failed') {
    return (
      <Alert color="red" title="The current image could not be shown">
        {current.message}
      </Alert>
    );
  }
  const { hero } = current;
  if (!hero) {
    return <Text>No image has been uploaded yet: the landing page shows its plain blue banner.</Text>;
  }
  return (
    <Stack gap="xs">
      <Text>
        Current image: {TYPE_NAMES[hero.contentType]}, {kb(hero.byteSize)} (phones: {kb(hero.phoneByteSize)}),
        updated on {formatDay(hero.updatedAt)} by {hero.updatedBy}.
      </Text>
      <Pair
        wide={imageUrl('hero', hero.version)}
        phone={imageUrl('hero-phone', hero.phoneVersion)}
        label="The current hero image"
      />
    </Stack>
  );
}

/** The chosen file before it is uploaded. */
export function ChosenHeroPreview({ chosen }: { chosen: ChosenImage }) {
  return (
    <Stack gap="xs">
      <Text>
        Preview of {chosen.name}: {TYPE_NAMES[chosen.type]}, {kb(chosen.size)}.
      </Text>
      <Pair wide={chosen.image} phone={chosen.phoneImage} label="The chosen image" />
    </Stack>
  );
}
