import bootstrapRtl from 'bootstrap/dist/css/bootstrap.rtl.min.css?url';
import appCss from '../styles/app.css?inline';

/** Inserts Bootstrap's RTL build (and, in a build, app.css after it) before `before`; resolves once it applies. */
export function rtlStylesheets(before: Element | null): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = bootstrapRtl;
  link.dataset.rtlStylesheet = '';
  const loaded = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    // Without the stylesheet the page still works, only unmirrored.
    link.onerror = () => resolve();
  });
  const parent = before?.parentNode ?? document.head;
  parent.insertBefore(link, before);
  // In development app.css is a stylesheet of its own that stays enabled.
  if (!import.meta.env.DEV) {
    const style = document.createElement('style');
    style.dataset.rtlStylesheet = '';
    style.textContent = appCss;
    parent.insertBefore(style, before);
  }
  return loaded;
}
