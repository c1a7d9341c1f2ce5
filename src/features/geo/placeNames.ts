import { currentLanguage, i18n } from '../../i18n';
import { languageInfo } from '../../i18n/languages';
import type { Place } from './types';

/*
 * What the country and government selects show: the data set's English names in English (they are
 * also the values sent to the server, in both languages), and in Arabic the country's name from the
 * browser's own Intl data and Egypt's governments from our texts (`place.governments.EG.<code>`),
 * sorted in Arabic order. A place with no Arabic name keeps its English one.
 */

const regionNames = new Map<string, Intl.DisplayNames>();

function countryLabel(place: Place): string {
  const locale = languageInfo(currentLanguage()).locale;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(place.code) ?? place.name;
  } catch {
    // A code Intl does not accept as a region: the data set's name.
    return place.name;
  }
}

const governmentLabel = (countryCode: string, place: Place): string => i18n.t(`place.governments.${countryCode}.${place.code}`, { defaultValue: place.name });

/** The places with the label to show, in the order a reader of the language expects. */
function labelled(places: Place[], label: (place: Place) => string): { place: Place; label: string }[] {
  if (currentLanguage() === 'en') return places.map((place) => ({ place, label: place.name }));
  const collator = new Intl.Collator(languageInfo(currentLanguage()).locale);
  return places.map((place) => ({ place, label: label(place) })).sort((a, b) => collator.compare(a.label, b.label));
}

export const countryOptions = (countries: Place[]) => labelled(countries, countryLabel);
export const governmentOptions = (countryCode: string | undefined, states: Place[]) =>
  labelled(states, (place) => (countryCode ? governmentLabel(countryCode, place) : place.name));
