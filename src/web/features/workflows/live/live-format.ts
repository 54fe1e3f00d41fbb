import { formatOneDecimal } from '../../../lib/numbers';

/** Hours as hours or days, whichever reads better: '36.5 hours' below three days, '12.4 days' from there on. */
export function formatHours(hours: number): string {
  if (hours < 72) return `${formatOneDecimal(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${formatOneDecimal(hours / 24)} days`;
}

/** '2026-W07' read out as 'week 7 of 2026'; the chart's axis keeps the short form. */
export function weekName(isoWeek: string): string {
  const [year, week] = isoWeek.split('-W');
  return `week ${Number(week)} of ${year}`;
}
