import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { BRAND } from '../../components/brand';
import { BrandMark } from '../../components/brand-mark';
import { paths } from '../paths';

export interface TopBarProps {
  username: string;
  navOpened: boolean;
  onToggleNav: () => void;
  onLogout: () => void;
  /** The search of tenants and landlords, for the roles that have it (the shell decides). */
  search?: ReactNode;
}

/** Product title link, 'Logged in as', Logout; the burger opens the side menu on phones. */
export function TopBar({ username, navOpened, onToggleNav, onLogout, search }: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close main menu' : 'Open main menu'}
          aria-expanded={navOpened}
        />
        <UnstyledButton component={Link} to={paths.dashboard} aria-label={`${BRAND.shortName}, dashboard`}>
          <Group gap="xs" wrap="nowrap">
            <BrandMark size={34} />
            <Text fw={800} fz="lg" c="govBlue.9">
              {BRAND.shortName}
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="md" wrap="nowrap">
        {search}
        <Text fz="sm" visibleFrom="sm" data-testid="logged-in-as">
          Logged in as <strong>{username}</strong>
        </Text>
        <Button variant="outline" size="sm" onClick={onLogout}>
          Logout
        </Button>
      </Group>
    </Group>
  );
}
