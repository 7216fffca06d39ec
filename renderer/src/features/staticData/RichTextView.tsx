import { isLineBreak, type RichText } from '@shared/contract/richText';

/**
 * Game text from the core as styled runs. Marks become class names, text stays text: nothing in the data can turn
 * into markup here. A value the static data does not hold shows as its "?" with an explanation on hover.
 */
export function RichTextView({ text, className }: { text: RichText; className?: string }) {
  return (
    <span className={className ? `sd-rich ${className}` : 'sd-rich'}>
      {text.map((node, index) =>
        isLineBreak(node) ? (
          <br key={index} />
        ) : (
          <span
            key={index}
            className={node.marks.length > 0 ? node.marks.map((mark) => `rt-${mark}`).join(' ') : undefined}
            title={node.marks.includes('unresolved') ? 'This value is not in the static data' : undefined}
          >
            {node.text}
          </span>
        ),
      )}
    </span>
  );
}
