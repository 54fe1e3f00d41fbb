import { z } from 'zod';

/** The demo form's words (backoffice.md section 5): word for word. */
export const DEMO_FORM_MESSAGES = {
  required: 'Required',
  invalidEmail: 'invalid email',
  ageNotPositive: 'ERROR: The number must be greater than 0!',
} as const;

const required = z.string().trim().min(1, DEMO_FORM_MESSAGES.required);

/**
 * The demo form's three rules: every field is required, the email must be valid, the age greater than 0. The age
 * field gives a number, or '' while empty (Mantine's NumberInput).
 */
export const demoFormSchema = z.object({
  firstName: required,
  lastName: required,
  email: required.pipe(z.email(DEMO_FORM_MESSAGES.invalidEmail)),
  age: z.union([z.number(), z.string()]).superRefine((age, ctx) => {
    if (age === '') ctx.addIssue({ code: 'custom', message: DEMO_FORM_MESSAGES.required });
    else if (!(Number(age) > 0)) ctx.addIssue({ code: 'custom', message: DEMO_FORM_MESSAGES.ageNotPositive });
  }),
});

export type DemoFormValues = z.input<typeof demoFormSchema>;

export const EMPTY_DEMO_FORM: DemoFormValues = { firstName: '', lastName: '', email: '', age: '' };
