/**
 * Fakes of the few Electron objects the shell touches, shaped like the structural interfaces the pure
 * modules take (ShellWindow, GuardableWebContents, GuardableSession, PreloadIpc). They record calls and
 * let a test fire the events Electron would.
 */
import type { WindowOptions } from '../../windows/windowOptions';

type Listener = (...args: never[]) => unknown;

class FakeEmitter {
  private readonly listeners = new Map<string, Array<{ listener: Listener; once: boolean }>>();

  on(event: string, listener: Listener): this {
    this.add(event, listener, false);
    return this;
  }

  once(event: string, listener: Listener): this {
    this.add(event, listener, true);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(
      event,
      list.filter((entry) => entry.listener !== listener),
    );
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  emit(event: string, ...args: unknown[]): void {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(
      event,
      list.filter((entry) => !entry.once),
    );
    for (const { listener } of list) (listener as (...values: unknown[]) => unknown)(...args);
  }

  private add(event: string, listener: Listener, once: boolean): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once }]);
  }
}

/** An Electron navigation event: the url, and whether a listener called preventDefault. */
export function fakeNavigation(
  url: string,
  isMainFrame = true,
): {
  url: string;
  isMainFrame: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
} {
  return {
    url,
    isMainFrame,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

let nextContentsId = 1;

export class FakeWebContents extends FakeEmitter {
  readonly id = nextContentsId++;
  readonly sent: Array<{ channel: string; message: unknown }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  private destroyed = false;
  /** Makes the next send throw, as Electron does for a frame torn down mid-send. */
  failNextSend = false;

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, message: unknown): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    if (this.failNextSend) {
      this.failNextSend = false;
      throw new Error('Render frame was disposed before WebFrameMain could be accessed');
    }
    this.sent.push({ channel, message });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  static readonly instances: FakeBrowserWindow[] = [];

  readonly webContents = new FakeWebContents();
  readonly calls: Array<{ method: string; args: unknown[] }> = [];
  loadedUrl: string | null = null;
  visible = false;
  minimized = false;
  focused = false;
  /** Where the window is: from its options, then as setBounds moved it. */
  bounds: { x: number; y: number; width: number; height: number };
  private destroyed = false;

  constructor(readonly options: WindowOptions) {
    super();
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width, height: options.height };
    FakeBrowserWindow.instances.push(this);
  }

  static reset(): void {
    FakeBrowserWindow.instances.length = 0;
  }

  loadURL(url: string): Promise<void> {
    this.calls.push({ method: 'loadURL', args: [url] });
    this.loadedUrl = url;
    return Promise.resolve();
  }

  show(): void {
    this.calls.push({ method: 'show', args: [] });
    this.visible = true;
    this.focused = true;
  }

  showInactive(): void {
    this.calls.push({ method: 'showInactive', args: [] });
    this.visible = true;
  }

  hide(): void {
    this.calls.push({ method: 'hide', args: [] });
    this.visible = false;
  }

  focus(): void {
    this.focused = true;
  }

  restore(): void {
    this.minimized = false;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.webContents.destroy();
    this.emit('closed');
  }

  setAlwaysOnTop(flag: boolean, level: string): void {
    this.calls.push({ method: 'setAlwaysOnTop', args: [flag, level] });
  }

  setVisibleOnAllWorkspaces(visible: boolean, options: { visibleOnFullScreen: boolean }): void {
    this.calls.push({ method: 'setVisibleOnAllWorkspaces', args: [visible, options] });
  }

  setIgnoreMouseEvents(ignore: boolean, options: { forward: boolean }): void {
    this.calls.push({ method: 'setIgnoreMouseEvents', args: [ignore, options] });
  }

  setBounds(bounds: { x: number; y: number; width: number; height: number }): void {
    this.calls.push({ method: 'setBounds', args: [bounds] });
    this.bounds = { ...bounds };
  }

  /** The names of the calls made so far, in order. */
  callNames(): string[] {
    return this.calls.map((call) => call.method);
  }
}

type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl?: string },
) => void;
type PermissionCheckHandler = (webContents: unknown, permission: string, requestingOrigin: string) => boolean;

export class FakeSession {
  requestHandler: PermissionRequestHandler | null = null;
  checkHandler: PermissionCheckHandler | null = null;

  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.requestHandler = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.checkHandler = handler;
  }

  /** What a page asking for a permission would be told. */
  request(permission: string, requestingUrl: string): boolean {
    let granted: boolean | null = null;
    this.requestHandler?.(null, permission, (value) => (granted = value), { requestingUrl });
    if (granted === null) throw new Error('the permission request was never answered');
    return granted;
  }
}

/** ipcRenderer as the preload sees it: invoke answers through a function the test supplies. */
export class FakeIpcRenderer extends FakeEmitter {
  readonly invoked: Array<{ channel: string; args: unknown[] }> = [];
  readonly sentMessages: Array<{ channel: string; args: unknown[] }> = [];

  constructor(private readonly answer: (channel: string, ...args: unknown[]) => Promise<unknown>) {
    super();
  }

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return this.answer(channel, ...args);
  }

  send(channel: string, ...args: unknown[]): void {
    this.sentMessages.push({ channel, args });
  }

  /** Main pushing a message: listeners get an event object first, as Electron's do. */
  push(channel: string, ...args: unknown[]): void {
    this.emit(channel, { sender: this, senderId: 0 }, ...args);
  }
}

interface FakeOpenDialogOptions {
  title?: string;
  properties?: string[];
  filters?: Array<{ name: string; extensions: string[] }>;
}

interface FakeMessageBoxOptions {
  message: string;
  buttons?: string[];
  cancelId?: number;
}

/**
 * Electron's dialog (showOpenDialog, showMessageBox): records each call (and its parent window), answers
 * as the user would.
 */
export class FakeDialog {
  readonly opened: Array<{ parent: FakeBrowserWindow | null; options: FakeOpenDialogOptions }> = [];
  /** What the user chooses next: paths, or null to cancel. */
  answer: string[] | null = null;
  readonly messageBoxes: Array<{ parent: FakeBrowserWindow | null; options: FakeMessageBoxOptions }> = [];
  /** The label of the button the user clicks in the next message box; null closes it (its cancelId). */
  clicks: string | null = null;

  showMessageBox(
    parentOrOptions: FakeBrowserWindow | FakeMessageBoxOptions,
    options?: FakeMessageBoxOptions,
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    const parent = parentOrOptions instanceof FakeBrowserWindow ? parentOrOptions : null;
    const shown = options ?? (parentOrOptions as FakeMessageBoxOptions);
    this.messageBoxes.push({ parent, options: shown });
    const clicked = this.clicks === null ? -1 : (shown.buttons ?? []).indexOf(this.clicks);
    if (this.clicks !== null && clicked < 0) throw new Error(`no button "${this.clicks}"`);
    return Promise.resolve({
      response: clicked < 0 ? (shown.cancelId ?? 0) : clicked,
      checkboxChecked: false,
    });
  }

  showOpenDialog(
    parentOrOptions: FakeBrowserWindow | FakeOpenDialogOptions,
    options?: FakeOpenDialogOptions,
  ): Promise<{ canceled: boolean; filePaths: string[] }> {
    const parent = parentOrOptions instanceof FakeBrowserWindow ? parentOrOptions : null;
    this.opened.push({ parent, options: options ?? (parentOrOptions as FakeOpenDialogOptions) });
    return Promise.resolve(
      this.answer ? { canceled: false, filePaths: [...this.answer] } : { canceled: true, filePaths: [] },
    );
  }
}

/** globalShortcut as Electron behaves: a key held elsewhere, or already registered, cannot be registered. */
export class FakeGlobalShortcut {
  readonly callbacks = new Map<string, () => void>();
  readonly takenElsewhere = new Set<string>();
  readonly invalid = new Set<string>();

  register(accelerator: string, callback: () => void): boolean {
    if (this.invalid.has(accelerator)) throw new Error(`Error processing argument: ${accelerator}`);
    if (this.takenElsewhere.has(accelerator) || this.callbacks.has(accelerator)) return false;
    this.callbacks.set(accelerator, callback);
    return true;
  }

  unregister(accelerator: string): void {
    this.callbacks.delete(accelerator);
  }

  press(accelerator: string): void {
    const callback = this.callbacks.get(accelerator);
    if (!callback) throw new Error(`${accelerator} is not registered`);
    callback();
  }
}

interface FakeRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A display as Electron's screen gives it (the fields the shell reads). */
export interface FakeDisplay {
  id: number;
  label: string;
  bounds: FakeRectangle;
  workArea: FakeRectangle;
  scaleFactor: number;
}

/**
 * Electron's screen: the connected displays and the primary one; `connect`, `disconnect` and `changeMetrics` change
 * them and emit the events Electron would ('display-added', 'display-removed', 'display-metrics-changed').
 */
export class FakeScreen extends FakeEmitter {
  private displays: FakeDisplay[];

  constructor(
    displays: FakeDisplay[],
    private primaryId: number = displays[0]?.id ?? 0,
  ) {
    super();
    this.displays = [...displays];
  }

  getAllDisplays(): FakeDisplay[] {
    return this.displays.map((display) => ({ ...display }));
  }

  getPrimaryDisplay(): FakeDisplay {
    const primary = this.displays.find((display) => display.id === this.primaryId) ?? this.displays[0];
    if (!primary) throw new Error('no display');
    return { ...primary };
  }

  connect(display: FakeDisplay): void {
    this.displays.push(display);
    this.emit('display-added', {}, display);
  }

  disconnect(id: number): void {
    const gone = this.displays.find((display) => display.id === id);
    this.displays = this.displays.filter((display) => display.id !== id);
    if (id === this.primaryId) this.primaryId = this.displays[0]?.id ?? 0;
    this.emit('display-removed', {}, gone);
  }

  changeMetrics(id: number, change: Partial<Pick<FakeDisplay, 'bounds' | 'workArea'>>): void {
    this.displays = this.displays.map((display) => (display.id === id ? { ...display, ...change } : display));
    this.emit(
      'display-metrics-changed',
      {},
      this.displays.find((display) => display.id === id),
      ['workArea'],
    );
  }
}

/** A 16:9 display at `x` with a 40 px taskbar at its bottom, as tests place them side by side. */
export function fakeDisplay(id: number, x: number, width = 1920, height = 1080, label = ''): FakeDisplay {
  return {
    id,
    label,
    bounds: { x, y: 0, width, height },
    workArea: { x, y: 0, width, height: height - 40 },
    scaleFactor: 1,
  };
}

/** Electron's app as its login item settings see it: what was set, and whether this start came from a login. */
export class FakeLoginItems {
  readonly set: Array<{ openAtLogin: boolean; openAsHidden?: boolean; path?: string; args?: string[] }> = [];
  wasOpenedAtLogin = false;

  setLoginItemSettings(settings: {
    openAtLogin: boolean;
    openAsHidden?: boolean;
    path?: string;
    args?: string[];
  }): void {
    this.set.push(settings);
  }

  getLoginItemSettings(options?: { path?: string; args?: string[] }): {
    openAtLogin: boolean;
    wasOpenedAtLogin: boolean;
  } {
    // Windows answers for the path and arguments asked about; the others for the app.
    const last = this.set.at(-1);
    const same =
      !options ||
      (options.path === last?.path && JSON.stringify(options.args) === JSON.stringify(last?.args));
    return { openAtLogin: same && (last?.openAtLogin ?? false), wasOpenedAtLogin: this.wasOpenedAtLogin };
  }
}
