import type { CSSProperties } from 'react';
import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { siteMediaUrl } from '../../../contract/site-media-urls';
import { BRAND } from '../../components/brand';
import { BrandMark } from '../../components/brand-mark';
import classes from './hero-section.module.css';
import { HOW_TO_APPLY_ID } from './how-to-apply-section';

/** The ADMIN's hero image (Media Update), by screen width: the stylesheet picks one (docs/media.md). */
const HERO_IMAGES = {
  '--hero-wide-image': `url(${siteMediaUrl('hero')})`,
  '--hero-phone-image': `url(${siteMediaUrl('hero-phone')})`,
} as CSSProperties;

/** The welcome message and the officials' Login (public-portal.md section 2, landing page). */
export function HeroSection({ onLogin }: { onLogin: () => void }) {
  return (
    <Box
      component="section"
      aria-labelledby="welcome-title"
      c="white"
      py={{ base: 40, sm: 64 }}
      className={classes.hero}
      style={HERO_IMAGES}
    >
      <Container size="lg">
        <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
          <Stack gap="md" maw={720}>
            <Text fz="sm" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              {BRAND.actTitle}
            </Text>
            <Title id="welcome-title" order={1} c="white" fz={{ base: 28, sm: 40 }} lh={1.15}>
              Welcome to the {BRAND.shortName}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }}>
              {BRAND.tagline}. Landlords register their tenants here and the application moves from the
              sub-locality or ward to the locality and the police for verification, so every rented home in
              the State is known and safe.
            </Text>
            <Text fz="md">
              Officials of wards, localities, police stations and the department sign in to process
              applications.
            </Text>
            <Group gap="md" mt="sm">
              <Button size="md" variant="white" color="govBlue.9" onClick={onLogin}>
                Login
              </Button>
              <Button size="md" variant="outline" color="white" component="a" href={`#${HOW_TO_APPLY_ID}`}>
                How to apply
              </Button>
            </Group>
          </Stack>
          <Box
            visibleFrom="md"
            p="xl"
            style={{ borderRadius: '50%', background: 'rgba(255, 255, 255, 0.08)' }}
          >
            <BrandMark size={200} />
          </Box>
        </Group>
      </Container>
    </Box>
  );
}
