import type { AnyStateMachine } from 'xstate';
import { machineRegistry } from '../../../../machines';
import { machineGraph, machineTransitionRows } from '../../../../machines/graph';
import { layoutMachineGraph } from './layout-machine';
import { machineSvg } from './machine-svg';
import type { PositionedGraph } from './positioned-graph';

/** Where the generated diagrams live, relative to the repository root. */
export const MACHINE_DOCS_DIR = 'docs/machines';
export const REGENERATE_COMMAND = 'npm run docs:machines';

interface RegistryEntry {
  machine: AnyStateMachine;
  title: string;
  doc: string | null;
}

const cell = (text: string) => (text ? text.replace(/\|/g, '\\|') : ' ');

function transitionTable(machine: AnyStateMachine): string[] {
  const rows = machineTransitionRows(machineGraph(machine));
  return [
    '| From | Event | To | Guard | Roles |',
    '| --- | --- | --- | --- | --- |',
    ...rows
      .map((row) =>
        [row.from, row.event, row.to, row.guard, row.roles].map((text) => ` ${cell(text)} `).join('|'),
      )
      .map((line) => `|${line}|`),
  ];
}

function readme(entries: [string, RegistryEntry][]): string {
  // Registry docs are named from the repository root ('docs/tracker.md'); this README sits in docs/machines.
  const docLink = (doc: string | null) =>
    doc
      ? `[${doc.split('/').pop()}](${doc.startsWith('docs/') ? `../${doc.slice(5)}` : `../../${doc}`})`
      : 'none';
  const lines = [
    '# Workflow diagrams',
    '',
    `Generated from the machines registered in \`machines/index.ts\` by \`${REGENERATE_COMMAND}\`: do not edit by hand.`,
    'How they are drawn and how to read a label: [../workflow-diagrams.md](../workflow-diagrams.md).',
    '',
    '| Machine | Diagram | Documentation |',
    '| --- | --- | --- |',
    ...entries.map(
      ([name, entry]) => `| ${cell(entry.title)} | [${name}.svg](${name}.svg) | ${docLink(entry.doc)} |`,
    ),
  ];
  for (const [name, entry] of entries) {
    lines.push(
      '',
      `## ${entry.title} (\`${name}\`)`,
      '',
      `![${entry.title}: state diagram](${name}.svg)`,
      '',
      `Documentation: ${docLink(entry.doc)}. Transitions (the diagram as text):`,
      '',
      ...transitionTable(entry.machine),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Every registered machine laid out, by registry name, in registry order (the lifecycle first). */
export async function layoutRegistry(
  registry: Record<string, RegistryEntry> = machineRegistry,
): Promise<Map<string, PositionedGraph>> {
  const layouts = new Map<string, PositionedGraph>();
  for (const [name, entry] of Object.entries(registry)) {
    layouts.set(name, await layoutMachineGraph(machineGraph(entry.machine)));
  }
  return layouts;
}

/**
 * Every file of docs/machines, by name: an SVG per registered machine and the README that lists them.
 * No file system here, so the staleness test and the writer produce the very same bytes.
 */
export function renderMachineDocs(
  layouts: Map<string, PositionedGraph>,
  registry: Record<string, RegistryEntry> = machineRegistry,
): Map<string, string> {
  const entries = Object.entries(registry);
  const files = new Map<string, string>();
  for (const [name, entry] of entries) {
    const positioned = layouts.get(name);
    if (!positioned) throw new Error(`No layout for the registered machine ${name}`);
    files.set(`${name}.svg`, machineSvg(positioned, { title: entry.title }));
  }
  files.set('README.md', readme(entries));
  return files;
}
