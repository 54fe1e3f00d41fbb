import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Walks the sources for the house's checks (tests/architecture) and figures (bench/house-figures.ts).

/** A string that starts like a path of the API ('process/...', '/register/...', 'users/...'). */
export const API_PATH = /^\/?(process|register|users|apikey|dev|master|mrss)\/[A-Za-z]/;

/** The TypeScript sources under `dir` (no declaration files), relative to the working directory. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

export function parseSource(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The API path literals a source writes: string and template literals whose text starts like an API path. */
export function apiPathLiterals(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (API_PATH.test(node.text)) found.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      if (API_PATH.test(node.head.text)) found.push(node.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
