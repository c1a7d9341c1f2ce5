import { installDevtoolsGuard, isDevtoolsShortcut } from './devtoolsGuard';

const key = (key: string, mods: Partial<KeyboardEvent> = {}) => ({
  key,
  keyCode: key === 'F12' ? 123 : key.toUpperCase().charCodeAt(0),
  ctrlKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('developer-tool guard', () => {
  it('recognises F12, Ctrl+Shift+I/C/J and Ctrl+U, and nothing else', () => {
    expect(isDevtoolsShortcut(key('F12'))).toBe(true);
    for (const k of ['i', 'c', 'j']) expect(isDevtoolsShortcut(key(k, { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key('u', { ctrlKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key('u'))).toBe(false);
  });

  it('blocks the context menu and the shortcuts with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installDevtoolsGuard(window);
    const menu = new MouseEvent('contextmenu', { cancelable: true });
    window.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
    const f12 = new KeyboardEvent('keydown', { key: 'F12', cancelable: true });
    window.dispatchEvent(f12);
    expect(f12.defaultPrevented).toBe(true);
    const typing = new KeyboardEvent('keydown', { key: 'a', cancelable: true });
    window.dispatchEvent(typing);
    expect(typing.defaultPrevented).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
