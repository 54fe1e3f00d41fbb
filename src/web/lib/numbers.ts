/** Numbers as people in India read them (1,00,000): counts on the dashboard, the lists and the analysts' pages. */
const COUNT = new Intl.NumberFormat('en-IN');
const ONE_DECIMAL = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => COUNT.format(value);

/** At most one decimal: '36.5', '12'. */
export const formatOneDecimal = (value: number) => ONE_DECIMAL.format(value);
