/** The public tracker (docs/tracker.md): Landlord Epic + OTP, the landlord's applications, Track, the flow. */
export * from './tracker.machine';
export * from './tracker.selectors';
