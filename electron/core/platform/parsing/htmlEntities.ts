import { decodeHTML } from 'entities';

/**
 * Decodes character references with the `entities` package (the HTML standard's full named set, legacy names
 * without their `;`, invalid code points as U+FFFD as browsers do). The result is plain text: callers never put
 * it back into markup.
 */
export function decodeHtmlEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}
