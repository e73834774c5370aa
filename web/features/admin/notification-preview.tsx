import { createElement, type ReactNode } from 'react';
import { AnnouncementBar, type AnnouncementColors } from '../../components/ui/announcement-bar.tsx';

/** The tags the server keeps (server/modules/site/sanitize.ts); others are unwrapped, these are dropped with their text. */
const KEPT = new Set(['a', 'strong', 'b', 'em', 'i', 'u', 'br', 'p', 'span']);
const DROPPED = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'head', 'title']);

/** An href the banner keeps: http(s), mailto, or an address on this site (not protocol-relative). */
export function safeHref(href: string): string | undefined {
  // Browsers ignore control characters and spaces inside a scheme ('java\tscript:'), so they go before the test.
  const compact = href.replace(/[\u0000-\u0020]/g, '');
  if (!compact || compact.startsWith('//')) return undefined;
  const scheme = /^([^/?#]*?):/.exec(compact);
  if (scheme && !/^(https?|mailto)$/i.test(scheme[1]!)) return undefined;
  return href.trim();
}

function nodesOf(parent: Node, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  parent.childNodes.forEach((node, index) => {
    const key = `${keyPrefix}.${index}`;
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) return;
    if (!KEPT.has(tag)) {
      out.push(...nodesOf(element, key));
      return;
    }
    if (tag === 'br') {
      out.push(<br key={key} />);
      return;
    }
    const props: Record<string, string> = { key };
    if (tag === 'a') {
      const href = safeHref(element.getAttribute('href') ?? '');
      if (href) props.href = href;
      if (href && /^(https?:|mailto:)/i.test(href)) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
    }
    out.push(createElement(tag, props, ...nodesOf(element, key)));
  });
  return out;
}

/**
 * The admin's HTML as the banner will show it, built as React elements from an inert parse (nothing runs, nothing
 * is injected): the same tags and link rules as the server's sanitiser, which has the last word when it saves.
 */
export function previewNodes(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return nodesOf(doc.body, 'n');
}

/** The live preview: the real banner's look with the content and colours being edited. */
export function NotificationPreview({ content, colors }: { content: string; colors: AnnouncementColors }) {
  const nodes = previewNodes(content);
  return (
    <figure className="mx-0 mt-0">
      <figcaption className="mb-1.5 text-sm font-medium text-slate-700">Preview</figcaption>
      {/* A click on a link in the preview stays here. */}
      <div className="overflow-hidden rounded-lg border border-slate-200" data-testid="notification-preview" onClickCapture={(event) => event.preventDefault()}>
        <AnnouncementBar colors={colors}>{nodes.length ? nodes : <span className="opacity-80">Your message appears here.</span>}</AnnouncementBar>
      </div>
    </figure>
  );
}
