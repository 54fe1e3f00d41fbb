import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { App } from '../../../src/web/app/app';
import { isFramed } from '../../../src/web/app/frame-guard';
import * as stories from '../../../stories/app/frame-warning.stories';

const { Framed, NotFramed } = composeStories(stories);

afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('iframe').forEach((f) => f.remove());
});

describe('frame guard', () => {
  it('knows a top-level window from a framed one', () => {
    expect(isFramed(window)).toBe(false);
    const frame = document.createElement('iframe');
    document.body.append(frame);
    expect(isFramed(frame.contentWindow!)).toBe(true);
  });

  it('treats an unreadable top window (cross-origin parent) as framed', () => {
    const crossOrigin = {
      get top(): Window {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError');
      },
      self: {} as Window,
    } as unknown as Window;
    expect(isFramed(crossOrigin)).toBe(true);
  });

  it('shows only the warning, with a link that opens the portal in its own window', () => {
    render(<Framed />);
    expect(
      screen.getByRole('heading', { name: 'This page is shown inside another website' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The portal')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open the portal safely in its own window' });
    expect(link).toHaveAttribute('href', window.location.href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('renders the app itself when not framed', () => {
    render(<NotFramed />);
    expect(screen.getByText('The portal')).toBeInTheDocument();
  });

  it('keeps the whole app (router and all) out of a frame', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    render(<App />);
    expect(
      screen.getByRole('heading', { name: 'This page is shown inside another website' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });
});
