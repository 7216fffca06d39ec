import type { LiveFeedKind } from '@shared/contract';

/** Small drawn glyphs for objectives and feed events; colours come from CSS (currentColor). */
export type GlyphName = LiveFeedKind | 'tower' | 'kills';

const PATHS: Partial<Record<GlyphName, string>> = {
  kill: 'M2.5 2.5 13.5 13.5M13.5 2.5 2.5 13.5M2 11l3 3M14 11l-3 3',
  kills: 'M2.5 2.5 13.5 13.5M13.5 2.5 2.5 13.5M2 11l3 3M14 11l-3 3',
  multikill: 'M2.5 2.5 13.5 13.5M13.5 2.5 2.5 13.5M2 11l3 3M14 11l-3 3',
  voidgrub: 'M8 6a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7M6 6 4 3M10 6l2-3M4.5 9.5h-3M11.5 9.5h3',
};

const FILLS: Partial<Record<GlyphName, string>> = {
  turret: 'M4 2.5h2V4h1.25V2.5h1.5V4H10V2.5h2V6h-1v8H5V6H4z',
  tower: 'M4 2.5h2V4h1.25V2.5h1.5V4H10V2.5h2V6h-1v8H5V6H4z',
  'first-brick': 'M4 2.5h2V4h1.25V2.5h1.5V4H10V2.5h2V6h-1v8H5V6H4z',
  inhibitor: 'M8 1.5 13 8l-5 6.5L3 8zM8 4.6 5.4 8 8 11.4 10.6 8z',
  'inhibitor-respawn': 'M8 1.5 13 8l-5 6.5L3 8zM8 4.6 5.4 8 8 11.4 10.6 8z',
  dragon:
    'M8.5 1c.8 2.8 4.5 4 4.5 8.2A5 5 0 0 1 3 9.6c0-2 1-3.3 2.2-4.2-.1 1.8.8 3 2 3.2-.9-2.8-.2-5.3 1.3-7.6z',
  baron: 'M1.5 12.5 3 4l3 4 2-6.5L10 8l3-4 1.5 8.5z',
  atakhan: 'M1.5 12.5 3 4l3 4 2-6.5L10 8l3-4 1.5 8.5z',
  herald: 'M1 8s2.8-5 7-5 7 5 7 5-2.8 5-7 5-7-5-7-5zm7-2.4a2.4 2.4 0 1 0 0 4.8 2.4 2.4 0 0 0 0-4.8z',
  'first-blood': 'M8 1.5S3.5 7 3.5 10a4.5 4.5 0 0 0 9 0C12.5 7 8 1.5 8 1.5z',
  ace: 'M8 1.5l2 4.3 4.7.5-3.5 3.2 1 4.6L8 11.8l-4.2 2.3 1-4.6-3.5-3.2L6 5.8z',
  game: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zm0 2.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7z',
  other: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zm-.9 3h1.8v4.2H7.1zm0 5.2h1.8V12H7.1z',
};

export function ObjectiveGlyph({
  name,
  className = '',
  title,
}: {
  name: GlyphName;
  className?: string;
  title?: string;
}) {
  const stroke = PATHS[name];
  const fill = FILLS[name] ?? (stroke ? undefined : FILLS.other);
  return (
    <svg
      className={`glyph glyph-${name} ${className}`}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {title ? <title>{title}</title> : null}
      {fill ? <path d={fill} fill="currentColor" fillRule="evenodd" /> : null}
      {stroke ? (
        <path d={stroke} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : null}
    </svg>
  );
}
