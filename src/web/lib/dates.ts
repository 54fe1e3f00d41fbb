/** A date (yyyy-mm-dd, or an ISO time) as people in India write it: dd-mm-yyyy; '' for none. */
export function formatDay(isoDate: string | null): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

/** Today's calendar day in India, yyyy-MM-dd (the last day the date pickers offer; the server holds the same rule). */
export const indianToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);

const IN_INDIA = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A moment (ISO) as dd-mm-yyyy HH:mm:ss in India's time, whatever the browser's zone (the back office's log times). */
export function formatIndiaSeconds(iso: string): string {
  const parts = Object.fromEntries(IN_INDIA.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A moment (ISO) as dd-mm-yyyy HH:mm IST, India's time whatever the browser's zone; '' for none. */
export function formatDayTime(iso: string | null): string {
  return iso ? `${formatIndiaSeconds(iso).slice(0, -3)} IST` : '';
}
