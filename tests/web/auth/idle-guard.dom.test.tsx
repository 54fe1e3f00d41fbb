import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import * as stories from '../../../stories/auth/idle-dialog.stories';
import { IdleGuard, reportActivity } from '../../../src/web/features/auth/idle-guard';
import { AppProviders } from '../../../src/web/app/providers';
import { readSession, saveSession } from '../../../src/web/lib/session-store';

const { Warning, LoggingOut, SessionExpired } = composeStories(stories);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('IdleDialog', () => {
  it('asks whether to stay, with Stay and Logout', async () => {
    const onStay = fn();
    const onLogout = fn();
    render(<Warning onStay={onStay} onLogout={onLogout} />);
    expect(await screen.findByRole('dialog', { name: 'You Have Been Idle!' })).toBeVisible();
    expect(screen.getByText('You Will Get Timed Out. You want to stay?')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(onStay).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('offers no second Stay while logging out', async () => {
    render(<LoggingOut />);
    expect(await screen.findByRole('button', { name: 'Stay' })).toBeDisabled();
  });

  it('tells the person the session expired and waits for OK', async () => {
    const onAcknowledge = fn();
    render(<SessionExpired onAcknowledge={onAcknowledge} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has expired. Please login again!',
    );
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAcknowledge).toHaveBeenCalledOnce();
  });
});

describe('reportActivity', () => {
  it('reports a burst of activity once, 250 ms after it starts, and keeps reporting unbroken activity', () => {
    vi.useFakeTimers();
    const report = vi.fn();
    const stop = reportActivity(report);
    fireEvent.mouseMove(document);
    vi.advanceTimersByTime(100);
    fireEvent.keyDown(document);
    vi.advanceTimersByTime(149);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(report).toHaveBeenCalledOnce();
    fireEvent.scroll(document);
    vi.advanceTimersByTime(250);
    expect(report).toHaveBeenCalledTimes(2);
    stop();
    fireEvent.wheel(document);
    vi.advanceTimersByTime(1_000);
    expect(report).toHaveBeenCalledTimes(2);
  });
});

describe('IdleGuard', () => {
  function renderGuard(props: { onExpired(): void; onLoggedOut?(): void }) {
    return render(
      <AppProviders>
        <IdleGuard idleTimeoutMs={1_000} warningTimeoutMs={500} {...props} />
      </AppProviders>,
    );
  }

  /** Lets time pass in small steps, so timers that React effects start along the way run too. */
  function elapse(ms: number) {
    for (let passed = 0; passed < ms; passed += 50) {
      act(() => {
        vi.advanceTimersByTime(Math.min(50, ms - passed));
      });
    }
  }

  // The exact millisecond boundaries are the machine's (tests/machines/idle-session.model.test.ts); here the
  // dialog's own open and close transitions (under 300 ms) are allowed for.
  it('warns only after the idle timeout without activity, and Stay starts the count again', () => {
    vi.useFakeTimers();
    renderGuard({ onExpired: vi.fn() });
    const question = () => screen.queryByText('You Will Get Timed Out. You want to stay?');
    for (let i = 0; i < 4; i += 1) {
      elapse(600);
      fireEvent.mouseMove(document);
    }
    elapse(250 + 700);
    expect(question()).toBeNull();
    elapse(300 + 300);
    expect(question()).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    elapse(700);
    expect(question()).toBeNull();
    elapse(300 + 300);
    expect(question()).toBeVisible();
  });

  it('logs out when Logout is chosen, then hands over to the host', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{"message":"ok"}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    saveSession({
      accessToken: 'tok-1',
      userlevel: 5,
      roles: 'MODERATOR',
      username: 'ward.officer',
      usercode: '17',
    });
    const onExpired = vi.fn();
    const onLoggedOut = vi.fn();
    renderGuard({ onExpired, onLoggedOut });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }, { timeout: 3_000 }));
    await waitFor(() => expect(onLoggedOut).toHaveBeenCalledOnce());
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(readSession()).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('expires after the second timeout, says so, and logs out on OK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    saveSession({
      accessToken: 'tok-1',
      userlevel: 5,
      roles: 'MODERATOR',
      username: 'ward.officer',
      usercode: '17',
    });
    const onExpired = vi.fn();
    renderGuard({ onExpired });
    // The dialog is in the document at once and fully shown once its 200 ms entrance transition has run.
    const expired = await screen.findByRole('dialog', { name: 'Session expired' }, { timeout: 3_000 });
    await waitFor(() => expect(expired).toBeVisible());
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired. Please login again!');
    expect(onExpired).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onExpired).toHaveBeenCalledOnce());
    expect(readSession()).toBeNull();
  });
});
