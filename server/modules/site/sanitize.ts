import sanitizeHtml from 'sanitize-html';

/**
 * A notification's HTML reduced to what a banner needs: links, emphasis and line breaks (spec 1 §3). Every other
 * tag is dropped with its text kept, except script-like tags whose content goes too; every attribute but a link's
 * href is dropped, and an href may only be http(s), mailto or a path on this site. Absolute links open in a new tab
 * without giving it a handle on this page. Used when a notification is written and again when it is read.
 */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['a', 'strong', 'b', 'em', 'i', 'u', 'br', 'p', 'span'],
    // target and rel only as the transform below sets them (it rebuilds a link's attributes from its href alone).
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const kept: sanitizeHtml.Attributes = href ? { href } : {};
        if (/^(https?:|mailto:)/i.test(href)) Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' });
        return { tagName, attribs: kept };
      },
    },
  });
}
