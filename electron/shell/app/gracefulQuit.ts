export interface QuitEvent {
  preventDefault(): void;
}

export interface GracefulQuitOptions {
  /** Stops the core (pollers, host) and closes what the shell opened. */
  stop(): Promise<void>;
  /** Asks the app to quit again (app.quit); the second time the handler lets it through. */
  quit(): void;
  timeoutMs: number;
  log(message: string): void;
  setTimer?: (callback: () => void, ms: number) => () => void;
}

const realTimer = (callback: () => void, ms: number): (() => void) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

/**
 * The 'before-quit' handler: the first quit is held until the core has stopped (or the time is up),
 * then the app quits for real. Quits asked for meanwhile wait for the same stop.
 */
export function createGracefulQuit(options: GracefulQuitOptions): (event: QuitEvent) => void {
  const setTimer = options.setTimer ?? realTimer;
  let phase: 'running' | 'stopping' | 'stopped' = 'running';

  const finish = (): void => {
    if (phase === 'stopped') return;
    phase = 'stopped';
    options.quit();
  };

  return (event) => {
    if (phase === 'stopped') return;
    event.preventDefault();
    if (phase === 'stopping') return;
    phase = 'stopping';
    const cancel = setTimer(() => {
      options.log(`shutdown took longer than ${options.timeoutMs} ms; quitting anyway`);
      finish();
    }, options.timeoutMs);
    options
      .stop()
      .catch((error: unknown) => options.log(`shutdown failed: ${String(error)}`))
      .finally(() => {
        cancel();
        finish();
      });
  };
}
