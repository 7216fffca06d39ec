export const DEFAULT_HOST_TEMPLATE = 'https://{routing}.api.riotgames.com';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export type HostTemplateCheck = { ok: true; template: string } | { ok: false; message: string };

/**
 * The base URL with a {routing} slot (SIGHTLINE_WEB_API_BASE, e.g. http://127.0.0.1:47000/{routing} for
 * a stand-in). The API is HTTPS only: plain http is allowed for a loopback stand-in and nothing else.
 */
export function checkHostTemplate(raw: string): HostTemplateCheck {
  const template = raw.trim().replace(/\/+$/, '');
  if (!template.includes('{routing}')) {
    return { ok: false, message: `The web API base "${template}" needs a {routing} slot.` };
  }
  const sample = template.replaceAll('{routing}', 'na1');
  if (!URL.canParse(sample)) return { ok: false, message: `The web API base "${template}" is not a URL.` };
  const url = new URL(sample);
  if (url.search || url.hash) {
    return { ok: false, message: `The web API base "${template}" must not have a query or fragment.` };
  }
  if (url.protocol === 'https:') return { ok: true, template };
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, template };
  return {
    ok: false,
    message: `The web API must be reached over HTTPS; "${template}" is allowed only for a stand-in on 127.0.0.1.`,
  };
}

export function hostFor(template: string, routing: string): string {
  return template.replaceAll('{routing}', routing);
}
