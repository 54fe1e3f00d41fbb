import { Link } from 'react-router';
import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { publicDownloadUrl } from '../../contract/public-downloads.contract';
import { paths } from '../app/paths';
import { BRAND } from './brand';
import classes from './public-layout.module.css';

/** India's single emergency number (police, fire, ambulance). */
const EMERGENCY_NUMBER = '112';
const SURVEY_SUBJECT = 'Citizen survey: MRSS Portal';

/**
 * The public footer (public-portal.md section 2): FAQ, manuals, the mobile app, privacy policy, citizen survey,
 * disclaimer, contact numbers, ownership and copyright. Every entry leads somewhere real: there is no mobile app
 * yet, so the footer says so and points to this portal, which works in a phone's browser.
 */
export function PublicFooter({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <Box component="footer" bg="govBlue.9" c="white" py="xl">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              Help
            </Title>
            <Anchor
              href={publicDownloadUrl('faq.pdf')}
              download="faq.pdf"
              fz="sm"
              className={classes.footerLink}
            >
              Frequently asked questions (PDF)
            </Anchor>
            <Anchor component={Link} to={paths.manuals} fz="sm" className={classes.footerLink}>
              Manuals
            </Anchor>
            <Anchor
              href={`mailto:${BRAND.helpdeskEmail}?subject=${encodeURIComponent(SURVEY_SUBJECT)}`}
              fz="sm"
              className={classes.footerLink}
            >
              Citizen survey: tell us how we did
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              Mobile app
            </Title>
            <Text fz="sm">
              A mobile app is not available yet. This portal works in the browser of any phone: open{' '}
              <Anchor component={Link} to={paths.home} inherit className={classes.footerLink}>
                the portal
              </Anchor>{' '}
              and add it to your home screen.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              Contact
            </Title>
            <Text fz="sm">
              Helpdesk:{' '}
              <Anchor href={`tel:${BRAND.helpdeskPhone}`} inherit className={classes.footerLink}>
                {BRAND.helpdeskPhone}
              </Anchor>
            </Text>
            <Text fz="sm">
              Emergency (police):{' '}
              <Anchor href={`tel:${EMERGENCY_NUMBER}`} inherit className={classes.footerLink}>
                {EMERGENCY_NUMBER}
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
            <Text fz="sm">
              <strong>Disclaimer:</strong> this portal registers tenants and processes police verification
              under the {BRAND.actTitle}. In case of any difference, the Act, its rules and the orders of the
              Government prevail.
            </Text>
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
