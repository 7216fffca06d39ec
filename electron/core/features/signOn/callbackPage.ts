import { LEGAL_NOTICE } from '@shared/contract';

/**
 * The small page the player's browser shows after the sign-on redirect (no script: the host's CSP). It is
 * opened without the host's token, so it cannot link to the app's legal page: it carries the full notice.
 */
export function callbackPage(title: string, message: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Sightline sign-on</title>',
    '<style>body{font:16px system-ui,sans-serif;background:#0e1318;color:#e6e1d6;margin:0;padding:48px}',
    'main{max-width:560px;margin:auto}h1{font-size:22px}',
    'footer{max-width:560px;margin:32px auto 0;padding-top:12px;border-top:1px solid #26313d;',
    'font-size:12px;color:#9aa4ae}</style></head>',
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main>`,
    `<footer class="legal-notice">${escapeHtml(LEGAL_NOTICE)}</footer></body></html>`,
  ].join('');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
