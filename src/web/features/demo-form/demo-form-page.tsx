import { useState } from 'react';
import { Button, Code, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { demoFormSchema, EMPTY_DEMO_FORM, type DemoFormValues } from './demo-form.schema';

/**
 * /app/formik: the spec's demonstration form (backoffice.md section 2, route formik), built the way the portal
 * builds its forms (@mantine/form with a zod schema). Nothing is sent anywhere: a submitted form shows its values.
 */
export function DemoFormPage() {
  const form = useForm<DemoFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_DEMO_FORM,
    validate: schemaResolver(demoFormSchema, { sync: true }),
  });
  const [submitted, setSubmitted] = useState<DemoFormValues | null>(null);
  const submit = form.onSubmit((values) => setSubmitted(values));

  return (
    <Stack gap="lg" maw={560}>
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Demo form
        </Title>
        <Text>A demonstration of the portal&apos;s form checks. Nothing you type leaves this page.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate aria-label="Demo form">
          <Stack gap="md">
            <TextInput label="First Name" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Last Name" withAsterisk {...form.getInputProps('lastName')} />
            <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
            <NumberInput label="Age" withAsterisk allowDecimal={false} {...form.getInputProps('age')} />
            <Group>
              <Button type="submit">Submit</Button>
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setSubmitted(null);
                }}
              >
                Reset
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {submitted ? (
        <Paper withBorder radius="md" p="lg" role="status" aria-labelledby="demo-submitted-title">
          <Stack gap="xs">
            <Title order={2} fz="lg" id="demo-submitted-title">
              Submitted
            </Title>
            <Code block>{JSON.stringify(submitted, null, 2)}</Code>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
