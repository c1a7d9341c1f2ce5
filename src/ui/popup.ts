import { i18n } from '../i18n';

/**
 * Success and error popups. sweetalert2 is loaded on first use so pages that never show a popup
 * never download it.
 */
async function show(icon: 'success' | 'error' | 'info', text: string, title?: string) {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({ icon, title: title ?? text, text: title ? text : undefined, confirmButtonColor: '#1f6fb2', confirmButtonText: i18n.t('ok') });
}

export const popupSuccess = (text: string, title?: string) => show('success', text, title);
export const popupError = (text: string, title?: string) => show('error', text, title);
export const popupInfo = (text: string, title?: string) => show('info', text, title);
