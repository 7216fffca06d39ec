import type { ShellWindow } from './windowFactory';

export interface SingleWindow<W> {
  /** Brings the window forward, opening it first if it is not open. */
  show(): void;
  /** The open window, or null. */
  current(): W | null;
  close(): void;
}

/**
 * A window the app has at most one of (the companion, the caster panel): showing it again restores
 * and focuses the open one instead of opening a second.
 */
export function createSingleWindow<W extends ShellWindow>(open: () => W): SingleWindow<W> {
  let window: W | null = null;
  const current = (): W | null => (window && !window.isDestroyed() ? window : null);
  return {
    show() {
      const existing = current();
      if (existing) {
        if (existing.isMinimized()) existing.restore();
        existing.show();
        existing.focus();
        return;
      }
      const opened = open();
      opened.on('closed', () => {
        if (window === opened) window = null;
      });
      window = opened;
    },
    current,
    close() {
      current()?.destroy();
      window = null;
    },
  };
}
