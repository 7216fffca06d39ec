import { describe, expect, it } from 'vitest';
import { createFakeScheduler } from '../../tools/testkit/fakeScheduler';
import { createLogger, REPEAT_LIMIT } from './logger';

describe('createLogger', () => {
  it('never writes a registered secret, in the message or in fields', () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    logger.addSecret('s3cr3t-token-value');
    logger.info('connecting with s3cr3t-token-value', { url: 'http://x/?a=s3cr3t-token-value' });
    expect(lines.join('\n')).not.toContain('s3cr3t-token-value');
    expect(lines[0]).toContain('[redacted]');
  });

  it('redacts credential fields and credential query parameters', () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    logger.warn('request', { apiKey: 'abc', url: 'https://h/x?api_key=RGAPI-123&b=1' });
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, string>;
    expect(entry.apiKey).toBe('[redacted]');
    expect(entry.url).toBe('https://h/x?api_key=[redacted]&b=1');
  });

  it('drops lines below the minimum level', () => {
    const lines: string[] = [];
    createLogger((line) => lines.push(line), 'warn').info('quiet');
    expect(lines).toEqual([]);
  });
});

describe('a line repeated past its limit', () => {
  const entries = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, string>);

  it('is written five times a minute, then summarised with its count; others and the next minute are untouched', async () => {
    const clock = createFakeScheduler();
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line), 'info', { clock: clock.scheduler });
    for (let index = 0; index < 2000; index += 1) {
      logger.warn('sign-on redirect refused', { reason: `state ${index} unknown` });
    }
    logger.warn('host file read failed', { path: '/x' });
    logger.error('sign-on redirect refused', { reason: 'as an error' });
    expect(entries(lines).map((entry) => `${entry.level} ${entry.message}`)).toEqual([
      ...Array.from({ length: 5 }, () => 'warn sign-on redirect refused'),
      'warn host file read failed',
      'error sign-on redirect refused',
    ]);
    expect(entries(lines)[4]?.reason).toBe('state 4 unknown');

    await clock.advance(REPEAT_LIMIT.intervalMs);
    const summary = entries(lines).slice(7);
    expect(summary).toMatchObject([
      {
        level: 'warn',
        message: 'sign-on redirect refused (repeated 1995 more times in 60 s)',
        repeated: '1995',
      },
    ]);
    logger.warn('sign-on redirect refused', { reason: 'a minute later' });
    expect(entries(lines).at(-1)).toMatchObject({
      message: 'sign-on redirect refused',
      reason: 'a minute later',
    });
  });

  it('keeps secrets out of its summary too', async () => {
    const clock = createFakeScheduler();
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line), 'info', { clock: clock.scheduler });
    logger.addSecret('s3cr3t-token-value');
    for (let index = 0; index < 10; index += 1) logger.info('using s3cr3t-token-value');
    await clock.advance(REPEAT_LIMIT.intervalMs);
    expect(lines).toHaveLength(6);
    expect(lines.join('\n')).not.toContain('s3cr3t-token-value');
  });
});
