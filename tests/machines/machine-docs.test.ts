import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines';
import {
  layoutRegistry,
  MACHINE_DOCS_DIR,
  REGENERATE_COMMAND,
  renderMachineDocs,
} from '../../src/web/lib/machine-diagram/machine-docs';
import type { Box, PositionedGraph, Point } from '../../src/web/lib/machine-diagram/positioned-graph';

const folder = path.resolve(import.meta.dirname, '../..', MACHINE_DOCS_DIR);
let layouts: Map<string, PositionedGraph>;
let expected: Map<string, string>;

beforeAll(async () => {
  layouts = await layoutRegistry();
  expected = renderMachineDocs(layouts);
}, 30_000);

const touches = (point: Point, box: Box, slack = 1.5) =>
  point.x >= box.x - slack &&
  point.x <= box.x + box.width + slack &&
  point.y >= box.y - slack &&
  point.y <= box.y + box.height + slack;
const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

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

  it('draws every transition once, nested boxes inside their parents, arrows from box to box', () => {
    for (const [name, positioned] of layouts) {
      const boxes = new Map(positioned.nodes.map((node) => [node.id, node]));
      const drawn = positioned.edges.filter((edge) => edge.edge !== null).map((edge) => edge.id);
      expect(drawn.sort(), name).toEqual(positioned.graph.edges.map((edge) => edge.id).sort());
      const states = positioned.graph.nodes.filter((node) => node.parentId !== null).map((node) => node.id);
      expect(
        states.every((id) => boxes.has(id)),
        name,
      ).toBe(true);
      for (const node of positioned.nodes) {
        if (node.parentId)
          expect(contains(boxes.get(node.parentId)!, node), `${name}: ${node.id}`).toBe(true);
      }
      for (const edge of positioned.edges) {
        expect(edge.points.length, `${name}: ${edge.id}`).toBeGreaterThanOrEqual(2);
        expect(touches(edge.points[0], boxes.get(edge.source)!), `${name}: ${edge.id} start`).toBe(true);
        expect(touches(edge.points.at(-1)!, boxes.get(edge.target)!), `${name}: ${edge.id} end`).toBe(true);
      }
    }
  });

  it('puts guards, roles and holders on the lifecycle, in the SVG and in the README table', () => {
    // Byte-for-byte repeatability is what the staleness test above checks: the committed files were drawn
    // by another process, on another day.
    const svg = expected.get('applicationLifecycle.svg')!;
    expect(svg).toContain('<title id="md-applicationLifecycle-title">Clearance application lifecycle');
    expect(svg).toContain('>[isWardModerator]</text>');
    expect(svg).toContain('>(MODERATOR)</text>');
    expect(svg).toContain('>held by ward</text>');
    expect(svg).toContain('class="box-final"');
    expect(expected.get('README.md')).toContain(
      '| pendingAtWard | application.requestRectification | returnedForRectification | isWardModerator and hasRectificationRemarks | MODERATOR |',
    );
  });
});
