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
import { createMachine, type AnyStateNode } from 'xstate';
import { composeStories } from '@storybook/react-vite';
import * as tutorialStories from '../../../stories/home/tutorials.stories';
import { landlordStepperMachine } from '../../../machines/access/landlord-stepper.machine';
import {
  REGISTRATION_START,
  landlordRegistrationSteps,
  reachableFrom,
  type TutorialMeta,
} from '../../../src/web/features/home/landlord-registration-steps';
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
    const steps = await screen.findByRole('list', { name: 'Steps of a landlord registration' });
    const titles = within(steps)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(titles).toEqual(
      landlordRegistrationSteps(landlordStepperMachine).map((s, i) => `${i + 1}. ${s.title}`),
    );
  });
});

describe('the Landlord Registration tutorial, read from the landlord-stepper machine', () => {
  const steps = landlordRegistrationSteps(landlordStepperMachine);
  const allStates = (node: AnyStateNode): AnyStateNode[] => [
    node,
    ...(Object.values(node.states) as AnyStateNode[]).flatMap(allStates),
  ];

  it('follows a registration from the Register tab to the completed form, in the order the machine goes', () => {
    expect(steps.map((s) => s.stateId)).toEqual([
      `${REGISTRATION_START}.enteringEpic`,
      `${REGISTRATION_START}.checking`,
      'landlordStepper.steps.details.editing',
      'landlordStepper.steps.details.verifyingRegistration',
      'landlordStepper.steps.completed.ready',
    ]);
    // Each step is reached from the one before it through the machine's own transitions.
    for (let i = 1; i < steps.length; i++) {
      const from = reachableFrom(landlordStepperMachine, steps[i - 1].stateId).map((n) => n.id);
      expect(from, `${steps[i - 1].stateId} -> ${steps[i].stateId}`).toContain(steps[i].stateId);
    }
  });

  it('shows every state the machine describes for the tutorial, with its own words', () => {
    const described = allStates(landlordStepperMachine.root).filter(
      (n) => (n.meta as TutorialMeta | undefined)?.tutorial,
    );
    expect(steps.map((s) => s.stateId).sort()).toEqual(described.map((n) => n.id).sort());
    for (const step of steps) {
      const meta = landlordStepperMachine.getStateNodeById(step.stateId).meta as TutorialMeta;
      expect(step.title).toBe(meta.tutorial!.title);
      expect(step.text).toBe(meta.tutorial!.text);
    }
  });

  it('changes with the machine: a described state is listed where the transitions reach it, others are not', () => {
    const tutorial = (title: string) => ({ tutorial: { title, text: `${title} text` } });
    const machine = createMachine({
      id: 'landlordStepper',
      type: 'parallel',
      states: {
        steps: {
          initial: 'electionId',
          states: {
            electionId: {
              initial: 'register',
              states: {
                register: {
                  initial: 'start',
                  states: {
                    start: { meta: tutorial('Start'), on: { next: '#landlordStepper.steps.later' } },
                  },
                },
                unreachable: { meta: tutorial('Never') },
              },
            },
            later: {
              initial: 'first',
              states: {
                first: { on: { go: 'second' } },
                second: { meta: tutorial('Second') },
              },
            },
          },
        },
      },
    });
    expect(landlordRegistrationSteps(machine).map((s) => s.title)).toEqual(['Start', 'Second']);
  });
});

describe('the tutorials stories', () => {
  const { Tutorials, LandlordRegistration } = composeStories(tutorialStories);

  it('render both tutorials, the landlord steps listed', async () => {
    render(<Tutorials />);
    await Tutorials.play?.();
  });

  it('render the landlord steps alone, one item per described state', () => {
    render(<LandlordRegistration />);
    const list = screen.getByRole('list', { name: 'Steps of a landlord registration' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(
      landlordRegistrationSteps(landlordStepperMachine).length,
    );
  });
});
