// Types for the lint rule's plain JavaScript (eslint.config.js loads it without a TypeScript step).
import type { ESLint } from 'eslint';

/** The layer a repo-relative path belongs to ('root' for the repo's own files, such as package.json). */
export function layerOf(relativePath: string): string;
export const ALLOWED_LAYERS: Record<string, readonly string[]>;
export const layeringPlugin: ESLint.Plugin;
