import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories } from '@storybook/react-vite';
import { DASHBOARD_CARD_TARGETS, builtCardLinks } from '../../../src/web/app/dashboard-card-links';
import { isRouted } from '../../../src/web/app/routed-screens';
import * as stories from '../../../stories/dashboard/dashboard-view.stories';

const { Loading, Loaded, LoadedWithLinkedCard, NoCards, Failed } = composeStories(stories);

describe('dashboard view', () => {
  it('announces loading and shows no counts yet', () => {
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard counts');
    expect(screen.queryByTestId('dashboard-card-localities')).not.toBeInTheDocument();
  });

  it('shows each card with its label and count, none clickable without a list screen', () => {
    render(<Loaded />);
    const card = screen.getByTestId('dashboard-card-subLocalities');
    expect(card).toHaveTextContent('Registered Sub-Localities');
    expect(card).toHaveTextContent('11');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('makes a card a link once its list exists', () => {
    render(<LoadedWithLinkedCard />);
    const link = within(screen.getByTestId('dashboard-card-policeStations').parentElement!).getByRole('link');
    expect(link).toHaveAttribute('href', '/app/policestations');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('says so when the role has no cards', () => {
    render(<NoCards />);
    expect(screen.getByText('There are no counts to show for your role.')).toBeInTheDocument();
  });

  it('shows the failure with a retry that asks again', async () => {
    render(<Failed />);
    expect(screen.getByRole('alert')).toHaveTextContent('The dashboard counts could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(Failed.args.onRetry).toHaveBeenCalledOnce();
  });
});

describe('dashboard card links', () => {
  it('link only the cards whose list screen is routed', () => {
    const links = builtCardLinks();
    for (const [card, target] of Object.entries(DASHBOARD_CARD_TARGETS)) {
      expect(card in links, card).toBe(isRouted(target));
    }
  });
});
