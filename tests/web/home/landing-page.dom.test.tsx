import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { composeStories } from '@storybook/react-vite';
import { PUBLIC_DOWNLOADS } from '../../../src/contract/public-downloads.contract';
import { showSnackbar } from '../../../src/web/app/snackbar';
import * as stories from '../../../stories/home/home-page.stories';
import * as menuStories from '../../../stories/home/landing-menus.stories';

const { Landing, DocumentsYouNeed, ActViewer, PasswordChangeViewer } = composeStories(stories);
const { Open: MenuOpen } = composeStories(menuStories);

afterEach(() => {
  vi.useRealTimers();
  act(() => notifications.clean());
});

describe('the landing page', () => {
  it('offers every download as a plain link that saves the PDF (no script needed)', () => {
    render(<Landing />);
    const section = screen.getByRole('region', { name: 'Downloads' });
    for (const d of PUBLIC_DOWNLOADS) {
      const link = within(section).getByRole('link', { name: `Download ${d.title} (PDF)` });
      expect(link).toHaveAttribute('href', `/mrssapi/mrss/v-1/public/downloads/${d.name}`);
      expect(link).toHaveAttribute('download', d.name);
    }
  });

  it('opens the documents-you-need dialog from its notice, with Landlord and Tenant tabs', async () => {
    render(<Landing />);
    await userEvent.click(screen.getByRole('button', { name: 'Documents you need' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documents you need' });
    expect(within(dialog).getByRole('tab', { name: 'Landlord' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText(/Election Photo Identity Card \(EPIC\) number/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Tenant' }));
    expect(within(dialog).getByText(/Aadhaar is not accepted/)).toBeVisible();
    expect(within(dialog).getByText(/at most 500 KB each/)).toBeVisible();
  });

  it('shows the prerequisites story with the dialog open', async () => {
    render(<DocumentsYouNeed />);
    expect(await screen.findByRole('dialog', { name: 'Documents you need' })).toBeInTheDocument();
  });

  it.each([
    [ActViewer, 'The Act and Rules (summary)', 'act-and-rules.pdf'],
    [PasswordChangeViewer, 'Password change instructions', 'password-change.pdf'],
  ] as const)('shows a viewer with the inline PDF and a download button (%#)', async (Story, title, name) => {
    render(<Story />);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByTitle(title)).toHaveAttribute(
      'src',
      `/mrssapi/mrss/v-1/public/downloads/${name}?inline=1`,
    );
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('download', name);
  });

  it('opens the act viewer from the View button of the downloads', async () => {
    render(<Landing />);
    await userEvent.click(screen.getByRole('button', { name: 'View The Act and Rules (summary)' }));
    expect(await screen.findByRole('dialog', { name: 'The Act and Rules (summary)' })).toBeInTheDocument();
  });

  it('puts the navigation and Login in the phone menu', async () => {
    render(<MenuOpen />);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Download Forms')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Login' }));
    expect(MenuOpen.args.onLogin).toHaveBeenCalled();
  });

  it('has a footer whose every link leads somewhere (FAQ, manuals, survey, privacy policy)', () => {
    render(<Landing />);
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.every((h) => h !== '' && h !== '#')).toBe(true);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/mrssapi/mrss/v-1/public/downloads/faq.pdf',
        '/manuals',
        '/privacy-policy',
        expect.stringMatching(/^mailto:.*subject=Citizen%20survey/),
      ]),
    );
    expect(footer).toHaveTextContent('A mobile app is not available yet');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
    expect(footer).toHaveTextContent('Home (Political) Department');
    expect(footer).toHaveTextContent('National Informatics Centre');
  });

  it('hides a snackbar after 5 seconds on the landing page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Landing />);
    act(() => showSnackbar('Form downloaded', 'info'));
    expect(await screen.findByText('Form downloaded')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4500));
    expect(screen.getByText('Form downloaded')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(screen.queryByText('Form downloaded')).not.toBeInTheDocument());
  });
});
