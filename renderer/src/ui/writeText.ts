/**
 * Puts `text` in the element's text node, unless it shows that already: a write, even of the same text, costs the
 * page a frame, and a text node's data written in place is cheaper than a child replaced (`textContent`). An
 * element with no text node yet is given one.
 */
export function writeText(element: Element | null, text: string): void {
  if (!element) return;
  const node = element.firstChild;
  if (node instanceof Text) {
    if (node.data !== text) node.data = text;
  } else {
    element.textContent = text;
  }
}
