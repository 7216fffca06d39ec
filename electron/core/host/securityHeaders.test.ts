import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './securityHeaders';

describe('CONTENT_SECURITY_POLICY', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

  it('allows only our own scripts, and nothing inline or evaluated', () => {
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('default-src')).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(directives.get('script-src')).not.toContain('unsafe-inline');
  });

  it('closes plugins, base rewriting, framing and form posts', () => {
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
  });

  it('keeps the directives the renderer relies on', () => {
    expect(directives.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(directives.get('img-src')).toBe("'self' data:");
    expect(directives.get('connect-src')).toBe("'self'");
  });
});
