import { Text } from '@mantine/core';
import type { CoverageSource, TransitionCoverage } from './model-coverage-report.schema';
import classes from './coverage.module.css';

const NAME_SHOWN = 56;
const shorten = (text: string) => (text.length > NAME_SHOWN ? `${text.slice(0, NAME_SHOWN - 1)}…` : text);
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A source in full: its kind, then what names it (the path's events, or the file and test). */
export function sourceName(source: CoverageSource): string {
  if (source.kind === 'model path' && source.path) return `model path: ${source.path}`;
  return `${source.kind}: ${fileName(source.file)} › ${source.test}`;
}

/**
 * The "Covered by" cell of a transition: the first test that took it, shortened, and a disclosure with every test
 * the report kept (and how many more took it), in full, also offered on hover.
 */
export function CoveredByCell({ coverage }: { coverage: TransitionCoverage | undefined }) {
  return <div className={classes.cell}>{cellContent(coverage)}</div>;
}

function cellContent(coverage: TransitionCoverage | undefined) {
  if (!coverage)
    return (
      <Text span inherit c="orange.9" fw={600}>
        not in report
      </Text>
    );
  if (!coverage.covered)
    return (
      <Text span inherit c="red.9" fw={600}>
        not covered{coverage.allowlisted ? ` (allowlisted: ${coverage.allowlisted})` : ''}
      </Text>
    );
  const names = coverage.by.map(sourceName);
  const more = coverage.count - names.length;
  const full = [...names, ...(more > 0 ? [`and ${more} more`] : [])];
  if (full.length === 1) return <span title={names[0]}>{shorten(names[0])}</span>;
  return (
    <details className={classes.coveredBy} title={full.join('\n')}>
      <summary>
        {shorten(names[0])}{' '}
        <Text span inherit c="dark.6">
          (+{coverage.count - 1})
        </Text>
      </summary>
      <ul>
        {full.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </details>
  );
}
