import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { paths } from '../app/paths';
import { BRAND } from './brand';
import { BrandMark } from './brand-mark';
import { TextSizeControl } from './text-size-control';

/**
 * The public pages' header: a government strip (owner, text size) over the portal's name.
 * `actions` holds the page's own buttons (the landing page's Login); nothing else is offered here until the
 * citizen flows it would lead to exist.
 */
export function PublicHeader({ actions }: { actions?: ReactNode }) {
  return (
    <Box component="header">
      <Box bg="govBlue.9" c="white" py={4}>
        <Container size="lg">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" fw={500} truncate>
              {BRAND.government}
            </Text>
            <TextSizeControl />
          </Group>
        </Container>
      </Box>
      <Box bg="white" py="sm" style={{ borderBottom: '1px solid #dee2e6' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <UnstyledButton component={Link} to={paths.home} aria-label={`${BRAND.shortName}, home`}>
              <Group gap="sm" wrap="nowrap">
                <BrandMark />
                <Box>
                  <Text fw={800} fz={{ base: 'md', sm: 'lg' }} c="govBlue.9" lh={1.2}>
                    {BRAND.shortName}
                  </Text>
                  <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" lh={1.3}>
                    {BRAND.schemeName}
                  </Text>
                </Box>
              </Group>
            </UnstyledButton>
            {actions}
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
