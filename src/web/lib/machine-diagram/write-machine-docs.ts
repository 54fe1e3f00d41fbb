import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { layoutRegistry, MACHINE_DOCS_DIR, renderMachineDocs } from './machine-docs';

/**
 * `npm run docs:machines`: redraws docs/machines from the machine registry, and removes the drawings of
 * machines that are no longer registered, so the folder holds exactly what the code defines.
 */
const folder = path.resolve(import.meta.dirname, '../../../..', MACHINE_DOCS_DIR);
const files = renderMachineDocs(await layoutRegistry());
mkdirSync(folder, { recursive: true });
for (const name of readdirSync(folder)) {
  if (!files.has(name)) {
    rmSync(path.join(folder, name));
    console.log(`removed ${MACHINE_DOCS_DIR}/${name}`);
  }
}
for (const [name, content] of files) writeFileSync(path.join(folder, name), content);
console.log(`wrote ${files.size} files to ${MACHINE_DOCS_DIR}`);
