import { Link } from 'react-router';
import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { paths } from '../app/paths';
import { BRAND } from './brand';
import classes from './public-layout.module.css';

/** The public footer (public-portal.md section 2): policy link, disclaimer, contact, ownership and copyright. */
export function PublicFooter({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <Box component="footer" bg="govBlue.9" c="white" py="xl">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              Disclaimer
            </Title>
            <Text fz="sm">
              This portal registers tenants and processes police verification under the {BRAND.actTitle}.
              Information on it is provided for that purpose; in case of any difference, the Act, its rules
              and the orders of the Government prevail.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              Helpdesk
            </Title>
            <Text fz="sm">
              Phone:{' '}
              <Anchor href={`tel:${BRAND.helpdeskPhone}`} inherit className={classes.footerLink}>
                {BRAND.helpdeskPhone}
              </Anchor>
            </Text>
            <Text fz="sm">
              Email:{' '}
              <Anchor href={`mailto:${BRAND.helpdeskEmail}`} inherit className={classes.footerLink}>
                {BRAND.helpdeskEmail}
              </Anchor>
            </Text>
            <Text fz="sm">{BRAND.helpdeskHours}</Text>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              Policies
            </Title>
            <Anchor component={Link} to={paths.privacyPolicy} fz="sm" className={classes.footerLink}>
              Privacy Policy
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" color="rgba(255, 255, 255, 0.35)" />
        <Stack gap={4}>
          <Text fz="sm">
            © {year} {BRAND.government}. All rights reserved.
          </Text>
          <Text fz="sm">Content owned by {BRAND.contentOwner}.</Text>
          <Text fz="sm">Developed by {BRAND.developer}.</Text>
        </Stack>
      </Container>
    </Box>
  );
}
