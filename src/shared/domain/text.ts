/**
 * Unicode format characters (general category Cf): the bidi controls (U+202A-202E, U+2066-2069,
 * U+200E/F, U+061C), zero-width ones (U+200B-200D, U+2060, U+FEFF), soft hyphens and the like.
 * Invisible, they make a name read differently from what it holds: `"\u202Egnp.exe"` shows as
 * `exe.png`. Refused in every text a person reads (names, labels, button texts, tracking ids).
 */
const FORMAT_CHARACTER = /\p{Cf}/u;

export function hasFormatCharacters(text: string): boolean {
  return FORMAT_CHARACTER.test(text);
}
