import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Usage: npx tsx tests/support/slowest-files.ts <TEST_TIMINGS_DIR> [how many]
// Prints, for each JSON report Vitest wrote there (tests/support/file-timings.ts), the files that took longest.

interface JsonReport {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

const [dir, count = '15'] = process.argv.slice(2);
if (!dir) throw new Error('Usage: slowest-files.ts <TEST_TIMINGS_DIR> [how many]');

for (const report of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const { testResults } = JSON.parse(readFileSync(path.join(dir, report), 'utf8')) as JsonReport;
  const files = testResults
    .map((file) => ({
      name: path.relative(process.cwd(), file.name),
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  console.log(`\n${report}: ${files.length} files, ${total.toFixed(0)} s of file time; the slowest:`);
  for (const file of files.slice(0, Number(count))) {
    console.log(
      `${file.seconds.toFixed(1).padStart(8)} s  ${String(file.tests).padStart(4)} tests  ${file.name}`,
    );
  }
}
