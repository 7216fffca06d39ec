import { readFile } from 'node:fs/promises';

/**
 * The text of a file named on the command line; `-` means standard input, read to its end (`… | sightline deck
 * encode -`). A file that cannot be read rejects with readFile's error (its code says why).
 */
export async function readTextArgument(path: string, stdin: () => NodeJS.ReadableStream): Promise<string> {
  if (path === '-') {
    let text = '';
    for await (const chunk of stdin().setEncoding('utf8')) text += String(chunk);
    return text;
  }
  return readFile(path, 'utf8');
}
