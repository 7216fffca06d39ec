import { clipped } from '@shared/contract/quoted';

/** RFC 1035 §2.3.4 (as relaxed by RFC 1123 §2.1): a label is 1–63 octets, a whole name at most 253. */
const MAX_LABEL = 63;
const MAX_NAME = 253;
const LETTERS_DIGITS_HYPHENS = /^[a-z0-9-]+$/;

/**
 * Why `labels` (a host name split at its dots, lower case, the trailing root dot removed) is not a DNS
 * host name, or null when it is: letters, digits and hyphens only, never a hyphen at either end, and
 * internationalized labels only as punycode (`xn--…`, which is how a browser writes them).
 */
export function dnsNameProblem(labels: readonly string[]): string | null {
  if (labels.join('.').length > MAX_NAME) return `the name is longer than ${MAX_NAME} characters`;
  for (const label of labels) {
    if (label === '') return 'it has an empty label (two dots in a row, or a dot at the start)';
    const shown = clipped(label, 20);
    if (label.length > MAX_LABEL) return `the label ${shown} is longer than ${MAX_LABEL} characters`;
    if (!LETTERS_DIGITS_HYPHENS.test(label)) {
      return `the label ${shown} holds a character other than a letter, digit or hyphen`;
    }
    if (label.startsWith('-') || label.endsWith('-'))
      return `the label ${shown} starts or ends with a hyphen`;
    // RFC 5891 §4.2.3.1: "--" in the third and fourth places is reserved for punycode's "xn--".
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) {
      return `the label ${shown} has "--" in the third and fourth places, which only punycode ("xn--") may`;
    }
  }
  return null;
}
