import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { KNOWN_EPIC, WRONG_OTP_MESSAGE } from './landlord-fakes';
import {
  LandlordLoginWithFakes,
  button,
  epicField,
  logIn,
  logInToDetails,
  startRegistration,
} from './landlord-story-frame';

/** /landlord-login, step 0 and the stepper's frame, in each state of the landlord-stepper machine. */
const meta = {
  title: 'Landlord/Stepper',
  component: LandlordLoginWithFakes,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LandlordLoginWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** steps.electionId.login.enteringEpic: nothing typed; Get OTP and Login are disabled. */
export const LoginEmpty: Story = {
  play: async () => {
    await epicField();
    await expect(button('Get OTP')).toBeDisabled();
    await expect(button('Login')).toBeDisabled();
  },
};

/** The EPIC typed and emptied: 'Landlord Epic Number required!'. */
export const LoginEpicRequired: Story = {
  play: async () => {
    await userEvent.type(await epicField(), 'A');
    await userEvent.clear(await epicField());
    await expect(await screen.findByText('Landlord Epic Number required!')).toBeVisible();
  },
};

/** steps.electionId.login.otp: the code was sent; the field is open with its countdown. */
export const LoginCodeSent: Story = {
  play: async () => {
    await userEvent.type(await epicField(), KNOWN_EPIC.toLowerCase());
    await userEvent.click(button('Get OTP'));
    await waitFor(() => expect(screen.getByLabelText('Enter OTP')).toBeEnabled());
  },
};

/** The OTP request refused: 'Landlord does not exist!'; the OTP field stays closed. */
export const LoginUnknownLandlord: Story = {
  args: { stepper: { otpRequest: 'unknown' } },
  play: async () => {
    await userEvent.type(await epicField(), KNOWN_EPIC);
    await userEvent.click(button('Get OTP'));
    await expect(await screen.findByText('Landlord does not exist!')).toBeVisible();
  },
};

/** A wrong code: the server's message; the person may retype. */
export const LoginWrongCode: Story = {
  play: async () => {
    await logIn('000000');
    await expect(await screen.findByText(WRONG_OTP_MESSAGE)).toBeVisible();
  },
};

/** steps.electionId.login.loadingLandlord: the key is held and the landlord is on its way. */
export const LoadingLandlord: Story = {
  args: { stepper: { load: 'pending' } },
  play: async () => {
    await logIn();
    await waitFor(() => expect(button('Login')).toBeDisabled());
  },
};

/** steps.electionId.register.enteringEpic: the Register tab; Next waits for a valid EPIC. */
export const RegisterTab: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    await userEvent.type(await epicField(), 'XYZ76');
    await expect(button('Next')).toBeDisabled();
  },
};

/** steps.electionId.register.checking: is the EPIC registered? */
export const RegisterChecking: Story = {
  args: { stepper: { check: 'pending' } },
  play: async () => {
    await startRegistration();
  },
};

/** The EPIC is registered already: the person is told to log in. */
export const RegisterAlreadyExists: Story = {
  args: { stepper: { check: 'found' } },
  play: async () => {
    await startRegistration(KNOWN_EPIC);
    await expect(
      await screen.findByText('Landlord with entered EPIC number already exists. Please try logging in!'),
    ).toBeVisible();
  },
};

/** No answer from the server during the check. */
export const RegisterOffline: Story = {
  args: { stepper: { check: 'offline' } },
  play: async () => {
    await startRegistration();
    await expect(
      await screen.findByText('Network Connection Error!, Cannot connect to backend API'),
    ).toBeVisible();
  },
};

/** session.confirmingLogout: 'Are you sure you want to logout?'. */
export const LogoutQuestion: Story = {
  play: async () => {
    await logInToDetails();
    await userEvent.click(button('Logout'));
    const question = await screen.findByText('Are you sure you want to logout?');
    // The modal fades in: visible once its transition has run.
    await waitFor(() => expect(question).toBeVisible());
  },
};

/** steps.completed.ready: 'All steps completed' with Download Registration Form. */
export const Completed: Story = {
  play: async () => {
    await logInToDetails();
    await userEvent.click(button('Next'));
    await expect(await screen.findByText('All steps completed')).toBeVisible();
    await expect(button('Download Registration Form')).toBeEnabled();
  },
};

/** steps.completed.downloading: the form is being made. */
export const CompletedDownloading: Story = {
  args: { stepper: { download: 'pending' } },
  play: async () => {
    await logInToDetails();
    await userEvent.click(button('Next'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download Registration Form' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download Registration Form' })).toHaveAttribute(
        'data-loading',
      ),
    );
  },
};

/** The download answered 401 (the key ended): back to the first step with the session expiry message. */
export const DownloadSessionExpired: Story = {
  args: { stepper: { download: 'expired' } },
  play: async () => {
    await logInToDetails();
    await userEvent.click(button('Next'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download Registration Form' }));
    await expect(
      (await screen.findAllByText('Your session has expired. Please login again!'))[0],
    ).toBeVisible();
    await expect(await screen.findByRole('button', { name: 'Get OTP' })).toBeVisible();
  },
};
