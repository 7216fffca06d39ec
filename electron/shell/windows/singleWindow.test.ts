import { beforeEach, describe, expect, it } from 'vitest';
import { FakeBrowserWindow } from '../tools/testkit/fakeElectron';
import { createSingleWindow } from './singleWindow';
import { companionWindowOptions } from './windowOptions';

beforeEach(() => FakeBrowserWindow.reset());

function setup() {
  let opened = 0;
  const single = createSingleWindow(() => {
    opened += 1;
    return new FakeBrowserWindow(companionWindowOptions('/p'));
  });
  return { single, opened: () => opened };
}

describe('createSingleWindow', () => {
  it('opens the window on first show and only brings it forward afterwards', () => {
    const { single, opened } = setup();
    single.show();
    const window = single.current();
    expect(opened()).toBe(1);
    window?.hide();
    single.show();
    expect(opened()).toBe(1);
    expect(single.current()).toBe(window);
    expect(window?.visible).toBe(true);
  });

  it('restores a minimised window before showing it', () => {
    const { single } = setup();
    single.show();
    const window = single.current() as FakeBrowserWindow;
    window.minimized = true;
    single.show();
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);
  });

  it('opens a new window once the user has closed the last one', () => {
    const { single, opened } = setup();
    single.show();
    single.current()?.destroy();
    expect(single.current()).toBeNull();
    single.show();
    expect(opened()).toBe(2);
    expect(single.current()?.isDestroyed()).toBe(false);
  });

  it('closes the open window, and closing with none open does nothing', () => {
    const { single } = setup();
    single.close();
    single.show();
    const window = single.current();
    single.close();
    expect(window?.isDestroyed()).toBe(true);
    expect(single.current()).toBeNull();
  });
});
