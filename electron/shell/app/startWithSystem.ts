import { mkdir, readFile, rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { writeFileAtomic } from '../../core/platform/fs/atomicFile';

/** The argument a start at login carries: Sightline then starts to the tray, without opening the companion. */
export const HIDDEN_ARG = '--hidden';

/** The file Linux desktops read at login (XDG Autostart). */
export const AUTOSTART_FILE = 'sightline.desktop';

/** The slice of Electron's app that login items use (structurally compatible with it). */
export interface LoginItemApi {
  setLoginItemSettings(settings: {
    openAtLogin: boolean;
    openAsHidden?: boolean;
    path?: string;
    args?: string[];
  }): void;
  getLoginItemSettings(options?: { path?: string; args?: string[] }): {
    openAtLogin: boolean;
    wasOpenedAtLogin: boolean;
  };
}

export interface StartWithSystemDeps {
  platform: NodeJS.Platform;
  app: LoginItemApi;
  /** What starts this app: the executable, then its arguments (see launchCommand). */
  command: readonly string[];
  /** Linux: the XDG autostart folder (see autostartDir). */
  autostartDir: string;
}

/** "Start with the system": the login item of Windows and macOS, an XDG autostart entry on Linux. */
export interface StartWithSystem {
  set(enabled: boolean): Promise<void>;
  /** Whether the system will start Sightline at login, as the system holds it. */
  isOn(): Promise<boolean>;
}

export function createStartWithSystem(deps: StartWithSystemDeps): StartWithSystem {
  const [path = '', ...appArgs] = deps.command;
  if (deps.platform === 'linux') {
    const file = join(deps.autostartDir, AUTOSTART_FILE);
    return {
      set: async (enabled) => {
        if (!enabled) return rm(file, { force: true });
        await mkdir(deps.autostartDir, { recursive: true });
        await writeFileAtomic(file, autostartEntry([...deps.command, HIDDEN_ARG]));
      },
      isOn: async () => {
        const text = await readFile(file, 'utf8').catch(() => null);
        // A desktop's own switch turns an entry off with Hidden=true, leaving the file.
        return text !== null && !/^Hidden\s*=\s*true\s*$/m.test(text);
      },
    };
  }
  // Windows starts the executable with these arguments; macOS ignores them and says wasOpenedAtLogin instead.
  const windowsItem = { path, args: [...appArgs, HIDDEN_ARG] };
  return {
    set: async (enabled) =>
      deps.app.setLoginItemSettings(
        deps.platform === 'win32'
          ? { openAtLogin: enabled, ...windowsItem }
          : { openAtLogin: enabled, openAsHidden: true },
      ),
    isOn: async () =>
      deps.app.getLoginItemSettings(deps.platform === 'win32' ? windowsItem : undefined).openAtLogin,
  };
}

/** Whether this start came from the login: it then goes to the tray only. */
export function startsHidden(argv: readonly string[], app: LoginItemApi): boolean {
  return argv.includes(HIDDEN_ARG) || app.getLoginItemSettings().wasOpenedAtLogin;
}

/**
 * What starts this app again: an AppImage's own file (its executable lives in a mount that changes every run), the
 * packaged executable, or Electron with the app's folder in development.
 */
export function launchCommand(options: {
  execPath: string;
  packaged: boolean;
  appPath: string;
  appImage?: string;
}): string[] {
  if (options.appImage) return [options.appImage];
  return options.packaged ? [options.execPath] : [options.execPath, options.appPath];
}

/** $XDG_CONFIG_HOME/autostart, or ~/.config/autostart when it is unset or not absolute (as the spec says). */
export function autostartDir(env: NodeJS.ProcessEnv, home: string): string {
  const configHome = env.XDG_CONFIG_HOME;
  return join(configHome && isAbsolute(configHome) ? configHome : join(home, '.config'), 'autostart');
}

/** The autostart entry (Desktop Entry Specification) that runs `command` at login. */
export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Sightline',
    'Comment=Starts Sightline in the tray',
    `Exec=${command.map(execArgument).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * One argument of an Exec line, quoted: inside quotes ", `, $ and \ take a backslash, then the string rules double
 * every backslash, and % is written %% (field codes).
 */
function execArgument(argument: string): string {
  if (/[\n\r]/.test(argument)) throw new Error(`an Exec argument cannot hold a line break: ${argument}`);
  const quoted = argument.replace(/["`$\\]/g, (char) => `\\${char}`);
  return `"${quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%')}"`;
}
