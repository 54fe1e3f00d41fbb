/**
 * How long to wait, as a person reads it in a refusal: minutes up to an hour and a half ('13 minutes'), else hours
 * ('about 24 hours' rather than '1425 minutes', a phone stranger's finding).
 */
export function waitText(minutes: number): string {
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hours`;
}
