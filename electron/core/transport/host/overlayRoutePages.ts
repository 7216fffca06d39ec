import type { OverlayName } from '@shared/contract/overlays';

/** Each overlay route's own page in the built renderer, which the host and the app protocol answer it with. */
export function overlayRoutePagePath(name: OverlayName): string {
  return `overlay/${name}.html`;
}

/** A chunk of the built renderer, as far as a page's preloads go: its file, the chunks it imports, its styles. */
export interface BuiltChunk {
  fileName: string;
  /** The file names of the chunks it imports statically. */
  imports: readonly string[];
  /** The file names of the style sheets it brings. */
  css: readonly string[];
}

interface ChunkFiles {
  scripts: Set<string>;
  styles: Set<string>;
}

/** A chunk's file, every chunk it imports (transitively), and their styles: what must be in before it runs. */
function filesOf(chunk: BuiltChunk, chunks: ReadonlyMap<string, BuiltChunk>): ChunkFiles {
  const files: ChunkFiles = { scripts: new Set(), styles: new Set() };
  const visit = (current: BuiltChunk): void => {
    if (files.scripts.has(current.fileName)) return;
    files.scripts.add(current.fileName);
    for (const style of current.css) files.styles.add(style);
    for (const imported of current.imports) {
      const next = chunks.get(imported);
      if (!next) throw new Error(`${current.fileName} imports ${imported}, which the build did not make`);
      visit(next);
    }
  };
  visit(chunk);
  return files;
}

/**
 * The overlays' page (overlay.html, as built) for one route: the route's view chunk, the chunks it imports and
 * their styles are named in the head beyond what the entry loads, so the browser fetches them beside the entry
 * instead of once the entry has run (a round trip and a compile later, on every cold start of an OBS source).
 * The entry's own script finds them there and does not ask again.
 */
export function overlayRoutePage(
  html: string,
  entry: BuiltChunk,
  view: BuiltChunk,
  chunks: ReadonlyMap<string, BuiltChunk>,
  base: string,
): string {
  const loaded = filesOf(entry, chunks);
  const needed = filesOf(view, chunks);
  const links = [
    ...[...needed.scripts]
      .filter((file) => !loaded.scripts.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...[...needed.styles]
      .filter((file) => !loaded.styles.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
  ];
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) throw new Error('the overlays’ page has no </head> to name its route’s chunks in');
  // On their own lines, before the line that closes the head.
  const at = html.lastIndexOf('\n', headEnd) + 1;
  return `${html.slice(0, at)}${links.map((link) => `    ${link}\n`).join('')}${html.slice(at)}`;
}
