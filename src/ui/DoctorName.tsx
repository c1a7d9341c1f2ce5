import { useTranslation } from '../i18n';

/**
 * A doctor's name as every screen shows it: the title once, in the language shown ("Dr. Ahmed
 * Hassan", "د. Ahmed Hassan"). Stored names carry no title; one that still does (an account older
 * than that rule) is not titled twice.
 */
const storedTitle = /^(?:dr\.|dr(?=\s)|د\.)\s*/iu;
export const untitledName = (name: string) => name.trim().replace(storedTitle, '');

/** The titled name as text, for labels and sentences. */
export function useDoctorTitle(): (name: string) => string {
  const { t } = useTranslation('common');
  return (name: string) => t('doctorTitle', { name: untitledName(name) });
}

/** The titled name in a page, isolated so it keeps its own direction inside the sentence. */
export function DoctorName({ name }: { name: string }) {
  const titled = useDoctorTitle();
  return <bdi>{titled(name)}</bdi>;
}
