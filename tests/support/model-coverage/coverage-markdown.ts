import type { FlowFixturePath } from '../flow-fixtures';
import type { CoverageItem, ModelCoverageReport } from './coverage-report';
import type { CoverageSource } from './recorder';

/* The report for people: per machine a table of states and one of transitions, then the flow fixtures' paths. */

const SHOWN = 3;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function sourceText(source: CoverageSource): string {
  const where = `${source.file}: ${source.test}`;
  if (source.kind === 'browser journey') return `browser journey: ${source.file} › ${source.test}`;
  return source.kind === 'model path'
    ? `model path ${source.path ?? ''} (${where})`
    : `${source.kind} (${where})`;
}

function coveredBy(item: CoverageItem & { allowlisted?: string }): string {
  if (!item.covered) return item.allowlisted ? `**allowlisted**: ${item.allowlisted}` : '**NOT COVERED**';
  // The first few, and every browser journey the report kept: which journeys take a transition is the news.
  const shown = item.by
    .filter((source, at) => at < SHOWN || source.kind === 'browser journey')
    .map(sourceText);
  const more = item.count - shown.length;
  return shown.join('<br>') + (more > 0 ? `<br>and ${more} more` : '');
}

const ratio = ([covered, total]: [number, number]) => `${covered}/${total}`;

export function coverageMarkdown(report: ModelCoverageReport, fixtures: readonly FlowFixturePath[]): string {
  const lines = [
    '# Model coverage',
    '',
    `Generated ${report.generatedAt} from ${report.recordingFiles} recording files (docs/model-coverage.md).`,
    '',
  ];
  if (report.uncovered.length > 0) {
    lines.push(`## Not covered by anything (${report.uncovered.length}): the gate fails`, '');
    report.uncovered.forEach((gap) => lines.push(`- ${gap.machine}: \`${gap.label}\` (${gap.id})`));
    lines.push('');
  }
  if (report.staleAllowlist.length > 0) {
    lines.push('## Stale allowlist entries: the gate fails', '');
    report.staleAllowlist.forEach((entry) => lines.push(`- ${entry.machine}: ${entry.id}: ${entry.problem}`));
    lines.push('');
  }
  lines.push('## Summary', '', '| Machine | States | Transitions |', '| --- | --- | --- |');
  for (const [name, machine] of Object.entries(report.machines))
    lines.push(
      `| ${name} (${cell(machine.title)}) | ${ratio(machine.summary.states)} | ${ratio(machine.summary.transitions)} |`,
    );
  lines.push('');
  for (const [name, machine] of Object.entries(report.machines)) {
    lines.push(
      `## ${name}: ${cell(machine.title)}`,
      '',
      '### States',
      '',
      '| State | Covered by |',
      '| --- | --- |',
    );
    for (const [id, state] of Object.entries(machine.states))
      lines.push(`| \`${id}\` | ${cell(coveredBy(state))} |`);
    lines.push(
      '',
      '### Transitions',
      '',
      '| From | Event | To | Guard | Covered by |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const t of Object.values(machine.transitions))
      lines.push(
        `| \`${t.source}\` | ${cell(t.event)} | \`${t.target}\` | ${cell(t.guard ?? '')} | ${cell(coveredBy(t))} |`,
      );
    lines.push('');
  }
  lines.push('## Real cases (tests/fixtures/flows) through the lifecycle', '');
  for (const fixture of fixtures) {
    lines.push(`### ${fixture.file} (${fixture.status})`, '', fixture.description, '');
    lines.push('| Step | Action | By | After | State |', '| --- | --- | --- | --- | --- |');
    for (const step of fixture.steps)
      lines.push(
        `| ${step.step} | ${step.action ?? 'submission'} | ${step.actorRole} | ${step.elapsed} | \`${step.state}\` |`,
      );
    lines.push('');
  }
  return lines.join('\n');
}
