import { i18n } from '../i18n';

/**
 * Success and error popups. sweetalert2 is loaded on first use so pages that never show a popup
 * never download it; when it cannot be, the message is shown all the same.
 */
async function show(icon: 'success' | 'error' | 'info', text: string, title?: string) {
  let Swal: typeof import('sweetalert2').default;
  try {
    ({ default: Swal } = await import('sweetalert2'));
  } catch {
    // Its code could not be downloaded (a dropped connection): the answer the person waits for is
    // still shown, in the browser's own dialog, instead of nothing at all.
    window.alert(title ? `${title}\n\n${text}` : text);
    return;
  }
  await Swal.fire({ icon, title: title ?? text, text: title ? text : undefined, confirmButtonColor: '#1f6fb2', confirmButtonText: i18n.t('ok') });
}

export const popupSuccess = (text: string, title?: string) => show('success', text, title);
export const popupError = (text: string, title?: string) => show('error', text, title);
export const popupInfo = (text: string, title?: string) => show('info', text, title);
