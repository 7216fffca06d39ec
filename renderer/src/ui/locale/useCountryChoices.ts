import { useMemo } from 'react';
import { useDisplayLocale } from './useDisplayLocale';
import { countryChoices } from './countryNames';

/**
 * The country drop-down's options (two-letter codes, the value sent) and their names in the app's locale,
 * for OptionSelect or a form's own select.
 */
export function useCountryChoices(current: string, allowed?: readonly string[]) {
  const locale = useDisplayLocale();
  return useMemo(() => {
    const choices = countryChoices(locale, { allowed, current });
    return {
      options: choices.map((choice) => choice.code),
      labels: Object.fromEntries(choices.map((choice) => [choice.code, choice.name])),
    };
  }, [locale, allowed, current]);
}
