import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Tree } from '../../web/src/i18n/translate';
import { MessageText } from '../../web/src/modules/chat/components/MessageText';
import { messageParts, safeHref } from '../../web/src/modules/chat/links';
import { badgeText, notificationDate } from '../../web/src/modules/notifications/format';

describe('notification formatting (spec 9)', () => {
  const now = new Date('2026-03-14T20:00:00');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();

  it('shows dates under 36 hours as relative time in Spanish', () => {
    expect(notificationDate(hoursAgo(0.001), now)).toBe('hace unos segundos');
    expect(notificationDate(hoursAgo(2), now)).toBe('hace 2 horas');
    expect(notificationDate(hoursAgo(35.9), now)).toBe('hace un día');
  });

  it('shows older dates as DD/MM/YY h:mm a', () => {
    expect(notificationDate(hoursAgo(36), now)).toBe('13/03/26 8:00 am');
    expect(notificationDate(new Date('2025-12-24T21:05:00').toISOString(), now)).toBe('24/12/25 9:05 pm');
  });

  it("shows the unread count, '9+' from 10 up", () => {
    expect(badgeText(0)).toBe(0);
    expect(badgeText(9)).toBe(9);
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('chat message links', () => {
  it('makes http(s) URLs links and leaves everything else text', () => {
    expect(messageParts('mira https://example.com y dime')).toEqual([
      { kind: 'text', text: 'mira ' },
      { kind: 'link', text: 'https://example.com', href: 'https://example.com/' },
      { kind: 'text', text: ' y dime' },
    ]);
    // Sentence punctuation and an enclosing parenthesis stay outside the link; the URL's own ones stay in.
    expect(messageParts('(ver http://aforo.pe/e/ABC?x=1.)')).toEqual([
      { kind: 'text', text: '(ver ' },
      { kind: 'link', text: 'http://aforo.pe/e/ABC?x=1', href: 'http://aforo.pe/e/ABC?x=1' },
      { kind: 'text', text: '.)' },
    ]);
    expect(messageParts('https://es.wikipedia.org/wiki/Lima_(Perú)')[0]).toMatchObject({ kind: 'link', text: 'https://es.wikipedia.org/wiki/Lima_(Perú)' });
    // Other schemes are never links.
    for (const text of ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:text/html,<b>x</b>', 'mailto:ana@example.com', 'ftp://example.com']) {
      expect(messageParts(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(messageParts('')).toEqual([]);
  });

  it('renders a link opening in a new tab without opener, and a javascript: URL as escaped text', () => {
    const html = renderToStaticMarkup(createElement(MessageText, { message: 'hola https://example.com <b>chau</b>' }));
    const links = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(1);
    expect(links[0]).toContain('href="https://example.com/"');
    expect(links[0]).toContain('target="_blank"');
    expect(links[0]).toContain('rel="noopener noreferrer"');
    expect(html).toContain('&lt;b&gt;chau&lt;/b&gt;');
    expect(html).not.toContain('<b>');

    const evil = renderToStaticMarkup(createElement(MessageText, { message: 'javascript:alert(1)' }));
    expect(evil).toBe('javascript:alert(1)');
    expect(evil).not.toContain('<a');
  });
});

describe('unread counts read well in the singular', () => {
  it('says "1 mensaje sin leer" and "2 mensajes sin leer"', () => {
    const { t, addStrings } = createTranslator();
    addStrings(JSON.parse(readFileSync(path.resolve('web/src/i18n/es.json'), 'utf8')) as Tree);
    expect(t('chat.openUnread', { count: 1 })).toBe('Abrir chat (1 mensaje sin leer)');
    expect(t('chat.openUnread', { count: 2 })).toBe('Abrir chat (2 mensajes sin leer)');
    expect(t('notifications.openUnread', { count: 1 })).toBe('Abrir notificaciones (1 sin leer)');
    expect(t('notifications.history.shown', { shown: 1, count: 1 })).toBe('1 de 1 notificación');
    expect(t('notifications.history.shown', { shown: 10, count: 12 })).toBe('10 de 12 notificaciones');
  });
});
