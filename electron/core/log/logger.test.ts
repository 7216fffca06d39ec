import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

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
