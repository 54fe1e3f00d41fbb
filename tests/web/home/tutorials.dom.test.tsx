import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import {
  HOLDER_LABELS,
  STATUS_CODES,
  STATUS_MEANINGS,
  lifecycleMachine,
} from '../../../machines/application';
import { ApplicationFlowIllustration } from '../../../src/web/features/home/application-flow-illustration';
import { actionWords, flowStages } from '../../../src/web/features/home/application-flow.model';
import { LANDLORD_REGISTRATION_STEPS } from '../../../src/web/features/home/landlord-registration-steps';
import { TutorialsSection } from '../../../src/web/features/home/tutorials-section';
import { AppProviders } from '../../../src/web/app/providers';

describe('the Application Flow tutorial, read from the lifecycle machine', () => {
  it('has one stage per top-level state, with every stored status code and its meaning', () => {
    const stages = flowStages(lifecycleMachine);
    expect(stages.map((s) => s.key)).toEqual(Object.keys(lifecycleMachine.root.states));
    expect(
      stages
        .map((s) => s.status)
        .filter(Boolean)
        .sort(),
    ).toEqual([...STATUS_CODES].sort());
    for (const s of stages)
      if (s.status) expect(s.title).toBe(STATUS_MEANINGS[s.status as keyof typeof STATUS_MEANINGS]);
  });

  it('reads who holds a stage from its tags, nested states included, and where it goes from its transitions', () => {
    const byKey = Object.fromEntries(flowStages(lifecycleMachine).map((s) => [s.key, s]));
    expect(byKey.pendingAtWard.holders).toEqual([HOLDER_LABELS.ward]);
    expect(byKey.approved.holders).toEqual([HOLDER_LABELS.locality, HOLDER_LABELS.police]);
    expect(byKey.pendingAtWard.next).toContainEqual({
      action: 'recommend approval',
      to: STATUS_MEANINGS.LAVP,
    });
    expect(byKey.rejected.final).toBe(true);
    expect(byKey.rejected.next).toEqual([]);
    expect(actionWords('tenant.vacate')).toBe('tenant vacates');
  });

  it('draws every stage with its code', () => {
    render(
      <AppProviders>
        <ApplicationFlowIllustration />
      </AppProviders>,
    );
    const list = screen.getByRole('list', { name: 'Stages of an application' });
    for (const code of STATUS_CODES) expect(within(list).getByText(code)).toBeInTheDocument();
  });

  it('shows both tutorials; the flow loads where it cannot wait for scrolling (no IntersectionObserver)', async () => {
    render(
      <AppProviders>
        <TutorialsSection />
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Application Flow' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Stages of an application' })).toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'Landlord Registration' }).parentElement!;
    for (const step of LANDLORD_REGISTRATION_STEPS) expect(steps).toHaveTextContent(step.title);
  });
});
