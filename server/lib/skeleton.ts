import { createRequire } from 'node:module';

/**
 * Unicode's "skeleton" of a text (UTS #39, section 4): two texts that look alike have the same
 * skeleton. Each character is replaced by the prototype Unicode's confusables data gives it ("ɑ" by
 * "a", Cherokee "Ꮋ" by "H", "m" by "rn", so "Ahrned" meets "Ahmed"), between two NFD decompositions.
 * A skeleton is for comparing only, never for showing.
 */

/**
 * Unicode's confusable mapping (UTS #39's confusables.txt) as the unhomoglyph package ships it:
 * each source character and the prototype it looks like ("ɑ": "a").
 */
const confusables = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;
const prototypes = new Map<string, string>(Object.entries(confusables));

/**
 * Latin small capitals ("ᴀʜᴍᴇᴅ"): Unicode's table leaves them out (they are smaller than the capitals,
 * and it maps only glyphs of one size), but in a name on a screen they read as the capital letters.
 */
const smallCapitals = 'ᴀA ʙB ᴄC ᴅD ᴇE ꜰF ɢG ʜH ɪI ᴊJ ᴋK ʟL ᴍM ɴN ᴏO ᴘP ꞯQ ʀR ꜱS ᴛT ᴜU ᴠV ᴡW ʏY ᴢZ';
for (const pair of smallCapitals.split(' ')) {
  const [small, capital] = [...pair];
  prototypes.set(small as string, capital as string);
}

/** The skeleton of `text`: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  let out = '';
  for (const char of text.normalize('NFD')) out += prototypes.get(char) ?? char;
  return out.normalize('NFD');
}
