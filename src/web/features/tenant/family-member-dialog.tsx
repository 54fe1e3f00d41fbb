import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import { displayable } from '../../../contract/display-text';
import { showFormSnackbar } from '../../app/snackbar';
import { focusFirstError } from './focus-first-error';
import { fieldProps } from './registration-field';
import { useTenantServices } from './tenant-services';

const familySchema = z.object({
  memberName: z
    .string()
    .trim()
    .min(1, 'Member Name required')
    .refine(...displayable('name')),
  age: z.string(),
  relationship: z.string().min(1, 'Relationship required'),
  occupation: z.string().min(1, 'Occupation required'),
});
type FamilyValues = z.infer<typeof familySchema>;
const empty: FamilyValues = { memberName: '', age: '', relationship: '', occupation: '' };
const field = (name: string) => fieldProps('familyMember', name);

/** New Family Member: on success the photo upload follows with the returned memberCode. */
export function FamilyMemberDialog({
  tenantId,
  opened,
  occupations,
  relationships,
  onClose,
  onSaved,
}: {
  tenantId: number;
  opened: boolean;
  occupations: string[];
  relationships: string[];
  onClose: () => void;
  onSaved: (memberCode: number, memberName: string) => void;
}) {
  const services = useTenantServices();
  const [saving, setSaving] = useState(false);
  const form = useForm<FamilyValues>({
    mode: 'controlled',
    initialValues: empty,
    validate: schemaResolver(familySchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = form.onSubmit(
    async (values) => {
      setSaving(true);
      try {
        const reply = await services.addFamilyMember(tenantId, {
          memberName: values.memberName.trim(),
          age: values.age || null,
          relationship: values.relationship,
          occupation: values.occupation,
        });
        showFormSnackbar(reply.message, 'success');
        form.reset();
        onSaved(reply.memberCode, values.memberName.trim());
      } catch (failure) {
        showFormSnackbar(messageOr(failure, SERVER_FALLBACK_MESSAGE), 'error');
      } finally {
        setSaving(false);
      }
    },
    (_errors, _values, event) => focusFirstError(event?.currentTarget),
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New Family Member"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={save} noValidate aria-label="New family member">
        <Stack gap="sm">
          <TextInput {...field('memberName')} {...form.getInputProps('memberName')} />
          <TextInput
            {...field('age')}
            description={undefined}
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            {...form.getInputProps('age')}
          />
          <Select
            {...field('relationship')}
            data={relationships}
            searchable
            {...form.getInputProps('relationship')}
          />
          <Select
            {...field('occupation')}
            data={occupations}
            searchable
            {...form.getInputProps('occupation')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
