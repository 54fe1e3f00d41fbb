// The server's one source of "now": buildApp gives every route and service a clock (docs/architecture.md), so a
// test moves time by handing buildApp its own instead of waiting.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
