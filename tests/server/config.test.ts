import { describe, expect, it } from 'vitest';
import { loadConfig, SESSION_IDLE_FLOOR_MS } from '../../src/server/config';

/** The error loadConfig throws for env, or '' when it accepts it. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('configuration floor for staff sessions', () => {
  it('keeps the defaults: 15 minutes idle, 8 hours absolute', () => {
    const config = loadConfig({});
    expect(config.SESSION_IDLE_MS).toBe(15 * 60_000);
    expect(config.SESSION_ABSOLUTE_MS).toBe(8 * 60 * 60_000);
  });

  it('accepts an idle limit of exactly one minute', () => {
    expect(loadConfig({ SESSION_IDLE_MS: String(SESSION_IDLE_FLOOR_MS) }).SESSION_IDLE_MS).toBe(60_000);
  });

  it.each(['59999', '1000', '0', '-5'])(
    'refuses SESSION_IDLE_MS=%s, naming the variable and the floor',
    (value) => {
      const message = refusal({ SESSION_IDLE_MS: value });
      expect(message).toContain('Invalid configuration');
      expect(message).toMatch(/SESSION_IDLE_MS: must be at least 60000 \(one minute\)/);
    },
  );

  it('refuses an idle limit that is not a whole number of milliseconds', () => {
    expect(refusal({ SESSION_IDLE_MS: '15m' })).toMatch(/SESSION_IDLE_MS/);
    expect(refusal({ SESSION_IDLE_MS: '90000.5' })).toMatch(/SESSION_IDLE_MS/);
  });

  it('refuses SESSION_ABSOLUTE_MS below the idle limit, and names both', () => {
    const message = refusal({ SESSION_IDLE_MS: '1800000', SESSION_ABSOLUTE_MS: '600000' });
    expect(message).toMatch(/SESSION_ABSOLUTE_MS: must be at least SESSION_IDLE_MS \(1800000\)/);
    // The default idle limit (15 minutes) also binds an absolute limit set alone.
    expect(refusal({ SESSION_ABSOLUTE_MS: '300000' })).toMatch(
      /SESSION_ABSOLUTE_MS: must be at least SESSION_IDLE_MS/,
    );
  });

  it('accepts an absolute limit equal to the idle limit', () => {
    const config = loadConfig({ SESSION_IDLE_MS: '600000', SESSION_ABSOLUTE_MS: '600000' });
    expect(config.SESSION_ABSOLUTE_MS).toBe(600_000);
  });
});
