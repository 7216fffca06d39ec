import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, OVERLAY_CONTENT_SECURITY_POLICY } from './securityHeaders';

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

  it('frames only the host’s own pages on loopback (the OBS page’s previews)', () => {
    expect(directives.get('frame-src')).toBe("'self' http://127.0.0.1:*");
  });
});

describe('OVERLAY_CONTENT_SECURITY_POLICY', () => {
  it('is the pages’ policy but for who may frame it: the companion, on the host or the app’s origin', () => {
    const policy = (text: string) => text.split(';').map((part) => part.trim());
    const overlay = policy(OVERLAY_CONTENT_SECURITY_POLICY);
    const page = policy(CONTENT_SECURITY_POLICY);
    expect(overlay.filter((part) => !part.startsWith('frame-ancestors'))).toEqual(
      page.filter((part) => !part.startsWith('frame-ancestors')),
    );
    expect(overlay).toContain("frame-ancestors 'self' app://sightline");
  });
});
