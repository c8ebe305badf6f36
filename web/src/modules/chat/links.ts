/** A piece of a chat message: plain text, or a web link to show as clickable. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only explicit http(s) URLs become links; anything else (javascript:, data:, mailto:...) stays text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that usually ends the sentence around a URL rather than belonging to it.
const TRAILING = /[.,;:!?¿¡…'"»”’]+$/;

/**
 * Drops what follows a URL in a sentence: trailing punctuation, and a closing parenthesis unless the URL opened
 * one itself ("(ver https://x.com/a)." vs "https://es.wikipedia.org/wiki/Lima_(Perú)").
 */
function trimUrl(raw: string): string {
  for (;;) {
    const trimmed = raw.replace(TRAILING, '');
    const unbalanced = trimmed.endsWith(')') && (trimmed.match(/\(/g)?.length ?? 0) < (trimmed.match(/\)/g)?.length ?? 0);
    const next = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === raw) return raw;
    raw = next;
  }
}

/** The href a link of the message may carry, or null: http(s) only, as the URL parser reads it. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a message into text and http(s) links. The parts are rendered as React text and anchors, never as
 * HTML, so nothing in a message is interpreted as markup.
 */
export function messageParts(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const raw = trimUrl(match[0]);
    const href = safeHref(raw);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: message.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < message.length) parts.push({ kind: 'text', text: message.slice(last) });
  return parts;
}
