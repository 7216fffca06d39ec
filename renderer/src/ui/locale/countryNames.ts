/** Every country code ISO 3166-1 assigns (alpha-2, officially assigned). */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export interface CountryChoice {
  /** The two-letter code the store and the settings take. */
  code: string;
  /** The country's name in the reader's language. */
  name: string;
}

/**
 * The countries a buyer picks from, by name in `locale` (Intl.DisplayNames), sorted as that language sorts.
 * `allowed` narrows the list to the codes a store ships to; `current` is always offered, so a saved code
 * outside the list is still shown (and can be changed) rather than silently replaced.
 */
export function countryChoices(
  locale: string,
  options: { allowed?: readonly string[]; current?: string } = {},
): CountryChoice[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const codes = new Set(options.allowed ?? ISO_COUNTRY_CODES);
  if (options.current && /^[A-Z]{2}$/.test(options.current)) codes.add(options.current);
  const collator = new Intl.Collator(locale);
  return [...codes]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
