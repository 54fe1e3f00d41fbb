/** Numbers as people in India read them (1,00,000), and hours as hours or days, whichever reads better. */
const COUNT = new Intl.NumberFormat('en-IN');
const ONE_DECIMAL = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => COUNT.format(value);

/** '36.5 hours' below three days, '12.4 days' from there on. */
export function formatHours(hours: number): string {
  if (hours < 72) return `${ONE_DECIMAL.format(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${ONE_DECIMAL.format(hours / 24)} days`;
}

/** '2026-W07' read out as 'week 7 of 2026'; the chart's axis keeps the short form. */
export function weekName(isoWeek: string): string {
  const [year, week] = isoWeek.split('-W');
  return `week ${Number(week)} of ${year}`;
}
