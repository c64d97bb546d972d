/**
 * Eircode (Irish postcode): a 3-character routing key — a letter and two digits, or `D6W` —
 * then a 4-character unique identifier. Both use only the letters A C D E F H K N P R T V W X Y
 * and digits (letters that cannot be misread). Stored and shown as `A65 F4E2`.
 */
const LETTER = '[ACDEFHKNPRTVWXY]';
const CHAR = '[0-9ACDEFHKNPRTVWXY]';
const EIRCODE = new RegExp(`^(?:${LETTER}\\d{2}|D6W)${CHAR}{4}$`);

export const EIRCODE_MESSAGE =
  'Enter a valid Eircode: a routing key and a 4-character identifier, like D02 X285.';

/** `d02x285`, ` D02  X285 ` → `D02 X285`; null when it is not an Eircode. */
export function normaliseEircode(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!EIRCODE.test(compact)) return null;
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

export const isEircode = (input: string): boolean => normaliseEircode(input) !== null;

/** The routing key (`D02`) of a normalised Eircode: what statistics may keep. */
export const eircodeRoutingKey = (eircode: string): string => eircode.slice(0, 3);
