import type { GameCfgPickTarget } from '@shared/contract';
import type { GameCfgPicker } from '../../core/features/replay/gameCfg/gameCfgHandlers';

/** The options of Electron's dialog.showOpenDialog the picker sets (structurally a subset of them). */
export interface GameCfgDialogOptions {
  title: string;
  buttonLabel: string;
  properties: Array<'openFile' | 'openDirectory' | 'treatPackageAsDirectory' | 'dontAddToRecent'>;
  filters?: Array<{ name: string; extensions: string[] }>;
}

type DialogAnswer = Promise<{ canceled: boolean; filePaths: string[] }>;

/** The slice of Electron's dialog the picker uses (structurally compatible with it). */
export interface OpenDialogApi<W> {
  showOpenDialog(window: W, options: GameCfgDialogOptions): DialogAnswer;
  showOpenDialog(options: GameCfgDialogOptions): DialogAnswer;
}

export interface GameCfgPickerDeps<W> {
  dialog: OpenDialogApi<W>;
  /** BrowserWindow.getFocusedWindow: the dialog is modal to the window the user clicked in. */
  focusedWindow(): W | null;
}

const OPTIONS: Record<GameCfgPickTarget, GameCfgDialogOptions> = {
  file: {
    title: 'Choose game.cfg',
    buttonLabel: 'Use this game.cfg',
    // Inside the Mac app bundle, where game.cfg sits (Contents/LoL/Config).
    properties: ['openFile', 'treatPackageAsDirectory', 'dontAddToRecent'],
    filters: [{ name: 'game.cfg', extensions: ['cfg'] }],
  },
  folder: {
    title: 'Choose the League of Legends folder',
    buttonLabel: 'Look here',
    properties: ['openDirectory', 'dontAddToRecent'],
  },
};

/**
 * The desktop app's way to name game.cfg: a native dialog shown by main, so the path comes from the user's
 * choice and never from a page. Windows and Linux cannot show a file and folder chooser at once, hence two.
 */
export function createGameCfgPicker<W>(deps: GameCfgPickerDeps<W>): GameCfgPicker {
  return async (target) => {
    const parent = deps.focusedWindow();
    const options = OPTIONS[target];
    const chosen = await (parent
      ? deps.dialog.showOpenDialog(parent, options)
      : deps.dialog.showOpenDialog(options));
    return chosen.canceled || chosen.filePaths.length === 0 ? null : chosen.filePaths;
  };
}
