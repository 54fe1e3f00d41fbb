import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { DEMO_BANNER_TEXT, DEMO_MODE_URL } from '../../../src/contract/demo-mode.contract';
import { DemoModeBanner, forgetDemoMode, loadDemoMode } from '../../../src/web/app/demo-mode-banner';
import { AppProviders } from '../../../src/web/app/providers';
import * as stories from '../../../stories/components/demo-banner.stories';

const all = composeStories(stories);

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDemoMode();
});

describe('Demo banner stories', () => {
  it.each(Object.entries(all))('%s plays to its state', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });
});

describe('Demonstration-mode banner', () => {
  it('says on the page, as a status, that one-time passwords are readable at /dev/outbox', async () => {
    render(<DemoModeBanner load={() => Promise.resolve(true)} />, { wrapper: AppProviders });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(
      'Demonstration mode: one-time passwords are readable by anyone at /dev/outbox. Do not enter real personal data.',
    );
  });

  it('shows nothing on a server that is not in demo mode', async () => {
    const load = vi.fn(() => Promise.resolve(false));
    render(<DemoModeBanner load={load} />, { wrapper: AppProviders });
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(screen.queryByText(DEMO_BANNER_TEXT)).not.toBeInTheDocument();
  });

  it("asks the server's public demo-mode call once per page load, and takes a failure for no", async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ outboxReadable: true })));
    vi.stubGlobal('fetch', fetch);
    expect(await loadDemoMode()).toBe(true);
    expect(await loadDemoMode()).toBe(true);
    expect(fetch).toHaveBeenCalledExactlyOnceWith(DEMO_MODE_URL, expect.anything());

    forgetDemoMode();
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ outboxReadable: false })));
    expect(await loadDemoMode()).toBe(false);
    forgetDemoMode();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadDemoMode()).toBe(false);
    forgetDemoMode();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('oops', { status: 500 })));
    expect(await loadDemoMode()).toBe(false);
  });
});
