import type { ReactNode } from 'react';
import type { MerchantText, MerchantTextNode } from '@shared/contract';

/**
 * Merchant text from the core's sanitised tree. Each node kind maps to one fixed element; text is only ever
 * text (React escapes it), and links open outside the app, checked once more here for a web address.
 */
export function MerchantTextView({ text, testId }: { text: MerchantText; testId?: string }) {
  return (
    <div className="merchant-text" data-testid={testId}>
      {renderNodes(text)}
    </div>
  );
}

function renderNodes(nodes: MerchantText): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index));
}

function renderNode(node: MerchantTextNode, key: number): ReactNode {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'break':
      return <br key={key} />;
    case 'link':
      return isWebAddress(node.href) ? (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
          {renderNodes(node.children)}
        </a>
      ) : (
        <span key={key}>{renderNodes(node.children)}</span>
      );
    case 'element': {
      const children = renderNodes(node.children);
      switch (node.tag) {
        case 'p':
          return <p key={key}>{children}</p>;
        case 'h3':
          return <h3 key={key}>{children}</h3>;
        case 'h4':
          return <h4 key={key}>{children}</h4>;
        case 'ul':
          return <ul key={key}>{children}</ul>;
        case 'ol':
          return <ol key={key}>{children}</ol>;
        case 'li':
          return <li key={key}>{children}</li>;
        case 'strong':
          return <strong key={key}>{children}</strong>;
        case 'em':
          return <em key={key}>{children}</em>;
        default:
          return <span key={key}>{children}</span>;
      }
    }
  }
}

function isWebAddress(href: string): boolean {
  return URL.canParse(href) && /^https?:$/.test(new URL(href).protocol);
}
