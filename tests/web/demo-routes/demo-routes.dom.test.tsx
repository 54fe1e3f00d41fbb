import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import { demoFormSchema, DEMO_FORM_MESSAGES } from '../../../src/web/features/demo-form/demo-form.schema';
import * as formStories from '../../../stories/demo-form/demo-form-page.stories';
import * as iconStories from '../../../stories/ui-icons/icons-page.stories';

const forms = composeStories(formStories);
const icons = composeStories(iconStories);

describe('demo routes stories', () => {
  it.each([...Object.entries(forms), ...Object.entries(icons)])(
    '%s plays to its state',
    async (_name, Story) => {
      render(<Story />);
      await Story.play?.();
    },
  );
});

describe('the demo form rules', () => {
  const valid = { firstName: 'Iba', lastName: 'Kharkongor', email: 'iba@example.com', age: 30 };
  const errorsOf = (values: object) =>
    demoFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('takes a filled form and says what is wrong with each field otherwise', () => {
    expect(errorsOf(valid)).toEqual([]);
    expect(errorsOf({ ...valid, firstName: '  ' })).toEqual([['firstName', DEMO_FORM_MESSAGES.required]]);
    expect(errorsOf({ ...valid, email: '' })).toEqual([['email', DEMO_FORM_MESSAGES.required]]);
    expect(errorsOf({ ...valid, email: 'iba@' })).toEqual([['email', DEMO_FORM_MESSAGES.invalidEmail]]);
    expect(errorsOf({ ...valid, age: '' })).toEqual([['age', DEMO_FORM_MESSAGES.required]]);
    expect(errorsOf({ ...valid, age: -3 })).toEqual([['age', DEMO_FORM_MESSAGES.ageNotPositive]]);
    expect(errorsOf({ ...valid, age: 0 })).toEqual([['age', DEMO_FORM_MESSAGES.ageNotPositive]]);
  });

  it('clears the messages and the shown values with Reset', async () => {
    const Story = forms.Submitted;
    render(<Story />);
    await Story.play?.();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });
});
