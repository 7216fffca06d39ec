import { displayLocale } from './displayLocale';
import { useAppInfo } from '../../state/useAppInfo';

/** The locale the companion's pages write dates and numbers in (see displayLocale). */
export function useDisplayLocale(): string {
  return displayLocale(useAppInfo().data?.locale);
}
