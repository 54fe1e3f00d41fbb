import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { DemoFormPage } from '../../src/web/features/demo-form/demo-form-page';
import { DEMO_FORM_MESSAGES } from '../../src/web/features/demo-form/demo-form.schema';

/** /app/formik: the demo form and its three rules. */
const meta = {
  title: 'UI/Demo form',
  component: DemoFormPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DemoFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));
const field = (label: string) => screen.getByRole('textbox', { name: label });

async function fill(values: { first?: string; last?: string; email?: string; age?: string }) {
  if (values.first) await userEvent.type(field('First Name'), values.first);
  if (values.last) await userEvent.type(field('Last Name'), values.last);
  if (values.email) await userEvent.type(field('Email'), values.email);
  if (values.age) await userEvent.type(field('Age'), values.age);
}

/** The empty form. */
export const Empty: Story = {
  play: async () => {
    await expect(field('Email')).toHaveValue('');
    await expect(screen.queryByText(DEMO_FORM_MESSAGES.required)).toBeNull();
  },
};

/** Submitted empty: every field says 'Required'. */
export const EveryFieldRequired: Story = {
  play: async () => {
    await submit();
    await expect(await screen.findAllByText(DEMO_FORM_MESSAGES.required)).toHaveLength(4);
  },
};

/** An email that is not one. */
export const InvalidEmail: Story = {
  play: async () => {
    await fill({ first: 'Iba', last: 'Kharkongor', email: 'iba.example.com', age: '30' });
    await submit();
    await expect(await screen.findByText(DEMO_FORM_MESSAGES.invalidEmail)).toBeVisible();
  },
};

/** An age of 0. */
export const AgeNotPositive: Story = {
  play: async () => {
    await fill({ first: 'Iba', last: 'Kharkongor', email: 'iba@example.com', age: '0' });
    await submit();
    await expect(await screen.findByText(DEMO_FORM_MESSAGES.ageNotPositive)).toBeVisible();
  },
};

/** All three rules met: the values are shown. */
export const Submitted: Story = {
  play: async () => {
    await fill({ first: 'Iba', last: 'Kharkongor', email: 'iba@example.com', age: '30' });
    await submit();
    await expect(await screen.findByRole('status')).toHaveTextContent('"email": "iba@example.com"');
  },
};
