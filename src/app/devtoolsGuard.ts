const warning = 'This is a browser feature intended for developers. Do not paste anything here that someone asked you to.';

/** F12, Ctrl+Shift+I/C/J and Ctrl+U. */
export function isDevtoolsShortcut(event: Pick<KeyboardEvent, 'key' | 'keyCode' | 'ctrlKey' | 'shiftKey' | 'metaKey'>): boolean {
  if (event.keyCode === 123 || event.key === 'F12') return true;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toUpperCase();
  if (ctrl && event.shiftKey && (key === 'I' || key === 'C' || key === 'J')) return true;
  return ctrl && !event.shiftKey && key === 'U';
}

/** In production builds the context menu and the developer-tool shortcuts are blocked with a warning. */
export function installDevtoolsGuard(target: Window = window) {
  target.addEventListener('contextmenu', (event) => {
    event.preventDefault();
    console.warn(warning);
  });
  target.addEventListener('keydown', (event) => {
    if (!isDevtoolsShortcut(event)) return;
    event.preventDefault();
    console.warn(warning);
  });
}
