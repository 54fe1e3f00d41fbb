/** A date (yyyy-mm-dd, or an ISO time) as people in India write it: dd-mm-yyyy; '' for none. */
export function formatDay(isoDate: string | null): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

/** Today's calendar day in India, yyyy-MM-dd (the last day the date pickers offer; the server holds the same rule). */
export const indianToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
