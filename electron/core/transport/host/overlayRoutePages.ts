import type { OverlayName } from '@shared/contract/overlays';

/** Each overlay route's own page in the built renderer, which the host and the app protocol answer it with. */
export function overlayRoutePagePath(name: OverlayName): string {
  return `overlay/${name}.html`;
}

/** A feature's overlay entry as built: its one script and the style sheets it brings (file names in the build). */
export interface OverlayBundle {
  script: string;
  styles: readonly string[];
}

/**
 * The overlays' page (renderer/overlay.html, which names no script) for one route: its feature's bundle named in
 * the head, so the browser fetches the script and its styles at once, over the connection the page came by.
 */
export function overlayRoutePage(template: string, bundle: OverlayBundle, base: string): string {
  const tags = [
    `<script type="module" crossorigin src="${base}${bundle.script}"></script>`,
    ...bundle.styles.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
  ];
  const headEnd = template.indexOf('</head>');
  if (headEnd < 0) throw new Error('the overlays’ page has no </head> to name its script in');
  if (/<script\b[^>]*\bsrc=/.test(template)) throw new Error('the overlays’ page names a script of its own');
  // On their own lines, before the line that closes the head.
  const at = template.lastIndexOf('\n', headEnd) + 1;
  return `${template.slice(0, at)}${tags.map((tag) => `    ${tag}\n`).join('')}${template.slice(at)}`;
}
