import type { ReactNode } from 'react';
import { Accordion, Alert, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { APPLICATION_DETAIL_MESSAGES, type Address } from '../../../contract/applications.contract';
import type { ApplicationDetail } from './applications-types';
import { formatDay, formatDayTime } from '../../lib/dates';

export const NO_PHOTO_MESSAGE = 'No Photo Uploaded For This Member!';

function fullName(p: { firstName: string; middleName: string | null; lastName: string | null }): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
}

function addressText(a: Address): string {
  return [a.address1, a.address2, a.district?.districtName, a.pinCode].filter(Boolean).join(', ');
}

/** "received 27-11-2026 14:05 IST", "pending" or "not asked" (docs/tenant-consent.md). */
export function tenantConsentText(
  detail: Pick<ApplicationDetail, 'tenantConsent' | 'tenantConsentedAt'>,
): string {
  if (detail.tenantConsent === 'given') return `received ${formatDayTime(detail.tenantConsentedAt)}`;
  return detail.tenantConsent === 'pending' ? 'pending' : 'not asked';
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || '-'}</Text>
    </div>
  );
}

/**
 * In place of the contact fields of a person the official does not reach (docs/reach.md): the server sent them
 * blank, and blank fields would read as 'not given' rather than 'kept elsewhere'.
 */
function WithheldNotice({ who }: { who: string }) {
  return (
    <Alert color="gray" variant="light" role="note" aria-label={`${who} record withheld`}>
      {APPLICATION_DETAIL_MESSAGES.recordWithheld}
    </Alert>
  );
}

export interface DetailSectionsProps {
  detail: ApplicationDetail;
  onViewDocument: (docid: number, title: string) => void;
  /** A member photo; null docid means no photo was uploaded. */
  onViewPhoto: (docid: number | null, memberName: string) => void;
}

/** The four accordions of the application detail (backoffice.md section 2). */
export function DetailSections({ detail, onViewDocument, onViewPhoto }: DetailSectionsProps) {
  const { landlord, tenant, rentalUnit } = detail;
  // The tenant's family members and helpers are part of its record: withheld with it.
  const withheld = tenant.recordWithheld === true;
  const members = [
    ...detail.familyInApplication.map((m) => ({ ...m, kind: m.relationship })),
    ...detail.helperInApplication.map((m) => ({ ...m, kind: 'Domestic helper' })),
  ];
  return (
    <Accordion multiple defaultValue={['landlord', 'tenant']} variant="separated">
      <Accordion.Item value="landlord">
        <Accordion.Control>Landlord Details</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <Field label="Name" value={fullName(landlord)} />
              <Field label="EPIC No." value={landlord.epicNo} />
              <Field label="Occupation" value={landlord.occupation} />
              {landlord.recordWithheld ? null : (
                <>
                  <Field label="Mobile" value={landlord.mobile} />
                  <Field label="Email" value={landlord.email} />
                  <Field label="Permanent Address" value={addressText(landlord.permanentAddress)} />
                </>
              )}
            </SimpleGrid>
            {landlord.recordWithheld ? <WithheldNotice who="Landlord" /> : null}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="tenant">
        <Accordion.Control>Tenant Details</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <Field label="Name" value={fullName(tenant)} />
              <Field label="EPIC No." value={tenant.epicNo} />
              <Field label="Occupation" value={tenant.occupation} />
              <Field label="Nationality" value={tenant.nationality} />
              <Field label="Tenant's consent" value={tenantConsentText(detail)} />
              {withheld ? null : (
                <>
                  <Field label="Father's/Spouse Name" value={tenant.parentOrSpouseName} />
                  <Field label="Date of Birth" value={formatDay(tenant.age)} />
                  <Field label="Mobile" value={tenant.mobile} />
                  <Field label="Permanent Address" value={addressText(tenant.permanentAddress)} />
                  <Field label="Present Address" value={addressText(tenant.presentAddress)} />
                </>
              )}
            </SimpleGrid>
            {withheld ? <WithheldNotice who="Tenant" /> : null}
            {withheld ? null : (
              <>
                <Title order={3} fz="md">
                  Documents
                </Title>
                {tenant.documents.length === 0 ? <Text size="sm">No documents uploaded.</Text> : null}
                <Group gap={6}>
                  {tenant.documents.map((d) => (
                    <Button
                      key={d.docid}
                      variant="light"
                      size="xs"
                      onClick={() => onViewDocument(d.docid, d.doctype)}
                      aria-label={`View ${d.doctype}`}
                    >
                      View {d.doctype}
                    </Button>
                  ))}
                </Group>
              </>
            )}
            <Title order={3} fz="md">
              Family members and helpers
            </Title>
            {members.length === 0 ? (
              <Text size="sm">No family members or helpers in this application.</Text>
            ) : null}
            {members.length > 0 ? (
              <Table.ScrollContainer minWidth={480}>
                <Table aria-label="Family members and helpers">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Relationship</Table.Th>
                      {withheld ? null : <Table.Th>Date of Birth</Table.Th>}
                      {withheld ? null : <Table.Th>Photo</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {members.map((m) => (
                      <Table.Tr key={`${m.kind}-${m.memberCode}`}>
                        <Table.Td>{m.memberName}</Table.Td>
                        <Table.Td>{m.kind}</Table.Td>
                        {withheld ? null : (
                          <>
                            <Table.Td>{formatDay(m.age)}</Table.Td>
                            <Table.Td>
                              <Button
                                size="xs"
                                variant="light"
                                onClick={() => onViewPhoto(m.photoDocid, m.memberName)}
                                aria-label={`View photo of ${m.memberName}`}
                              >
                                View photo
                              </Button>
                            </Table.Td>
                          </>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="rental">
        <Accordion.Control>Rental Unit</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Field label="House Number" value={rentalUnit.houseNo} />
            <Field label="Floor Number" value={rentalUnit.floorNo} />
            <Field
              label="Address"
              value={[rentalUnit.address1, rentalUnit.address2, rentalUnit.pinCode]
                .filter(Boolean)
                .join(', ')}
            />
            <Field label="Sub-Locality/Ward" value={rentalUnit.wardName} />
            <Field label="Locality" value={rentalUnit.localityName} />
            <Field label="Police Station" value={rentalUnit.policeStationName} />
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="remarks">
        <Accordion.Control>Remarks</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm">{detail.remarks || 'No remarks.'}</Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
