import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPathLiterals, parseSource, sourceFiles } from '../support/source-walk';

// One route table (issue 21, part 2; docs/architecture.md): an API path is written once, in its endpoint of the
// contract. The server registers from the endpoint and the web calls through it. Files not yet moved onto the
// table are listed with how many path literals they still write; the list only shrinks: a file that writes more
// than its allowance, or fewer (the allowance is then stale and must come down), fails.

const ALLOWANCE_FILE = 'tests/contract/api-path-literals.allowed.json';

function literalsByFile(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of [...sourceFiles('src/server'), ...sourceFiles('src/web')]) {
    const literals = apiPathLiterals(parseSource(file));
    if (literals.length > 0) found.set(file, literals);
  }
  return found;
}

describe('API paths outside the contract', () => {
  const allowed = JSON.parse(readFileSync(ALLOWANCE_FILE, 'utf8')) as Record<string, number>;
  const found = literalsByFile();

  it('no file writes a path the contract does not hold, beyond its allowance', () => {
    const over = [...found]
      .filter(([file, literals]) => literals.length > (allowed[file] ?? 0))
      .map(
        ([file, literals]) =>
          `${file}: ${literals.length} (allowed ${allowed[file] ?? 0}): ${literals.join(', ')}`,
      );
    expect(
      over,
      'declare the endpoint in its *.contract.ts and call it through serve / callEndpoint',
    ).toEqual([]);
  });

  it('every allowance is still needed (the list only shrinks)', () => {
    const stale = Object.entries(allowed)
      .filter(([file, count]) => (found.get(file)?.length ?? 0) < count)
      .map(([file, count]) => `${file}: allowed ${count}, writes ${found.get(file)?.length ?? 0}`);
    expect(stale, `lower these in ${ALLOWANCE_FILE}`).toEqual([]);
  });
});
