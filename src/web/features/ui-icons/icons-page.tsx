import type { ReactNode } from 'react';
import {
  AccordionChevron,
  Burger,
  CheckIcon,
  CloseIcon,
  ComboboxChevron,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';

/** One icon of the product: how it looks, what the code calls it, and where a person meets it. */
export interface IconEntry {
  name: string;
  /** The file that draws it. */
  source: string;
  usedIn: string;
  render: () => ReactNode;
}

/** Icons the portal does not draw itself: Mantine's components draw them (docs/demo-routes.md). */
export const MANTINE_ICONS: IconEntry[] = [
  {
    name: 'Burger',
    source: '@mantine/core Burger',
    usedIn: 'The menu button: the staff top bar below 48em, the landing page\u2019s phone menu',
    render: () => <Burger opened={false} aria-hidden tabIndex={-1} component="span" />,
  },
  {
    name: 'CloseIcon',
    source: '@mantine/core CloseButton',
    usedIn: 'The \u00d7 of every dialog, drawer and notification, and of clearable fields',
    render: () => <CloseIcon size="24" aria-hidden />,
  },
  {
    name: 'ComboboxChevron',
    source: '@mantine/core Select',
    usedIn: 'Every drop-down field: roles, districts, wards, statuses, rejection reasons',
    render: () => <ComboboxChevron size="lg" aria-hidden />,
  },
  {
    name: 'AccordionChevron',
    source: '@mantine/core Accordion',
    usedIn: 'The application detail dialog\u2019s Landlord, Tenant, Rental Unit and Remarks sections',
    render: () => <AccordionChevron size={24} aria-hidden />,
  },
  {
    name: 'CheckIcon',
    source: '@mantine/core Checkbox, Stepper',
    usedIn: 'Ticked family members and helpers, finished steps of the clearance wizard and the steppers',
    render: () => <CheckIcon size={24} aria-hidden />,
  },
];

function IconCard({ entry }: { entry: IconEntry }) {
  return (
    <Paper component="li" withBorder radius="md" p="md" style={{ listStyle: 'none' }}>
      <Stack gap={6} align="flex-start">
        <div
          style={{
            minHeight: 56,
            display: 'flex',
            alignItems: 'center',
            color: 'var(--mantine-color-govBlue-8)',
          }}
        >
          {entry.render()}
        </div>
        <Text fw={700} ff="monospace">
          {entry.name}
        </Text>
        <Text fz="sm">{entry.usedIn}</Text>
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.source}
        </Text>
      </Stack>
    </Paper>
  );
}

function IconGrid({ title, id, entries }: { title: string; id: string; entries: IconEntry[] }) {
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} id={id} fz="lg">
        {title}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" p={0} m={0}>
        {entries.map((entry) => (
          <IconCard key={entry.name} entry={entry} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /app/ui/icons: the product's icon set (backoffice.md section 2, route ui). The portal's own drawings come from
 * the route (they live in several features); Mantine's are listed here.
 */
export function IconsPage({ ownIcons }: { ownIcons: IconEntry[] }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Icons
        </Title>
        <Text>
          Every icon the portal shows, with the name its code uses and where people meet it. All are inline
          SVG: none costs a request.
        </Text>
      </Stack>
      <IconGrid title="The portal's own icons" id="own-icons" entries={ownIcons} />
      <IconGrid title="Icons drawn by Mantine components" id="mantine-icons" entries={MANTINE_ICONS} />
    </Stack>
  );
}
