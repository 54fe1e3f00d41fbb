import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines';
import { machineGraph } from '../../machines/graph';
import { layoutMachineGraph } from '../../src/web/lib/machine-diagram/layout-machine';
import {
  MACHINE_DOCS_DIR,
  REGENERATE_COMMAND,
  renderMachineDocs,
} from '../../src/web/lib/machine-diagram/machine-docs';
import { machineSvg } from '../../src/web/lib/machine-diagram/machine-svg';

const folder = path.resolve(import.meta.dirname, '../..', MACHINE_DOCS_DIR);
let expected: Map<string, string>;

beforeAll(async () => {
  expected = await renderMachineDocs();
}, 30_000);

describe(`${MACHINE_DOCS_DIR} (generated diagrams)`, () => {
  it('has an SVG for every registered machine', () => {
    const missing = Object.keys(machineRegistry).filter(
      (name) => !expected.has(`${name}.svg`) || !existsSync(path.join(folder, `${name}.svg`)),
    );
    expect(missing, `machines without a diagram: run \`${REGENERATE_COMMAND}\``).toEqual([]);
  });

  it('matches the machines exactly: nothing stale, missing or left over', () => {
    const onDisk = existsSync(folder) ? readdirSync(folder) : [];
    const stale = [...expected].filter(([name, content]) => {
      const file = path.join(folder, name);
      return !existsSync(file) || readFileSync(file, 'utf8') !== content;
    });
    const leftOver = onDisk.filter((name) => !expected.has(name));
    const problems = [
      ...stale.map(([name]) => `${name} is stale or missing`),
      ...leftOver.map((name) => `${name} is not generated`),
    ];
    expect(
      problems,
      `${MACHINE_DOCS_DIR} is out of date: run \`${REGENERATE_COMMAND}\` and commit the result`,
    ).toEqual([]);
  });

  it('draws the same machine to the same bytes, with guards, roles and holders on it', async () => {
    const entry = machineRegistry.applicationLifecycle;
    const again = machineSvg(await layoutMachineGraph(machineGraph(entry.machine)), { title: entry.title });
    expect(again).toBe(expected.get('applicationLifecycle.svg'));
    expect(again).toContain('<title id="md-applicationLifecycle-title">Clearance application lifecycle');
    expect(again).toContain('>[isWardModerator]</text>');
    expect(again).toContain('>(MODERATOR)</text>');
    expect(again).toContain('>held by ward</text>');
    expect(again).toContain('class="box-final"');
    expect(expected.get('README.md')).toContain(
      '| pendingAtWard | application.requestRectification | returnedForRectification | isWardModerator and hasRectificationRemarks | MODERATOR |',
    );
  });
});
