import { displayLocale } from '../ui/locale/displayLocale';
import { useAppInfo } from './useAppInfo';

/** The locale the companion's pages write dates and numbers in (see displayLocale). */
export function useDisplayLocale(): string {
  return displayLocale(useAppInfo().data?.locale);
}
