import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { apiPathLiterals, sourceFiles } from '../tests/support/source-walk';

// The house's figures (issue 21, docs/architecture.md): source files over 200 lines, the longest functions, and
// the API path literals written outside the contract. Run: npx tsx bench/house-figures.ts

const ROOTS = ['machines', 'src'];

interface FunctionSpan {
  file: string;
  name: string;
  lines: number;
}

function functionsOf(file: string, source: ts.SourceFile): FunctionSpan[] {
  const spans: FunctionSpan[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const named = (node as { name?: ts.Node }).name;
      const parent = node.parent;
      const name = named
        ? named.getText(source)
        : ts.isVariableDeclaration(parent)
          ? parent.name.getText(source)
          : '(anonymous)';
      spans.push({ file, name, lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

const files = ROOTS.flatMap(sourceFiles);
const long: [string, number][] = [];
const functions: FunctionSpan[] = [];
const literals = { server: 0, web: 0, contract: 0, other: 0 };
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  if (lines > 200) long.push([file, lines]);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  functions.push(...functionsOf(file, source));
  const count = apiPathLiterals(source).length;
  const area = file.startsWith('src/server')
    ? 'server'
    : file.startsWith('src/web')
      ? 'web'
      : file.startsWith('src/contract')
        ? 'contract'
        : 'other';
  literals[area] += count;
}
long.sort((a, b) => b[1] - a[1]);
functions.sort((a, b) => b.lines - a.lines);
console.log(`${files.length} source files in ${ROOTS.join(', ')}; ${long.length} over 200 lines:`);
for (const [file, lines] of long) console.log(`  ${String(lines).padStart(5)}  ${file}`);
console.log('The longest functions:');
for (const f of functions.slice(0, 10))
  console.log(`  ${String(f.lines).padStart(5)}  ${f.name} (${f.file})`);
console.log(
  `API path literals: ${literals.server} in the server, ${literals.web} in the web, ${literals.contract} in the contract, ${literals.other} elsewhere`,
);
