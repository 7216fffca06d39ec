/** What copying needs from the browser, passed in so the fallback can be tested without one. */
export interface CopyEnvironment {
  clipboard?: { writeText(text: string): Promise<void> } | undefined;
  document?: Pick<Document, 'createElement' | 'execCommand' | 'body'> | undefined;
}

function browserEnvironment(): CopyEnvironment {
  return {
    clipboard: typeof navigator === 'undefined' ? undefined : navigator.clipboard,
    document: typeof document === 'undefined' ? undefined : document,
  };
}

/**
 * Copies text with the async clipboard API, falling back to a selected text area and the copy command
 * where the clipboard is missing or refused (an http page, a denied permission). True when copied.
 */
export async function copyText(
  text: string,
  environment: CopyEnvironment = browserEnvironment(),
): Promise<boolean> {
  if (environment.clipboard) {
    try {
      await environment.clipboard.writeText(text);
      return true;
    } catch {
      // Refused: try the older way below.
    }
  }
  const doc = environment.document;
  if (!doc) return false;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  try {
    area.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
