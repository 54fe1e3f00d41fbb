const size = (value: number, unit: 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte') =>
  new Intl.NumberFormat('en-IN', {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  })
    .format(value)
    // The number and its unit stay on one line on a phone.
    .replace(' ', '\u00a0');

/** Bytes in decimal units (1 kB = 1,000 bytes), as file managers show a file's size. */
export function byteSize(bytes: number): string {
  if (bytes < 1_000) return size(bytes, 'byte');
  if (bytes < 1_000_000) return size(bytes / 1_000, 'kilobyte');
  if (bytes < 1_000_000_000) return size(bytes / 1_000_000, 'megabyte');
  return size(bytes / 1_000_000_000, 'gigabyte');
}
