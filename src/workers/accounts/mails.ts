import { messages } from '../../messages/es.js';
import type { OutgoingMail } from '../mail/transport.js';

export type AccountMailKind = 'verify' | 'reset' | 'deleteAccount' | 'changeEmail';

/** Paths of the web pages the links open (spec section 2). */
export const ACCOUNT_LINK_PATHS: Record<AccountMailKind, string> = {
  verify: '/auth/verify/',
  reset: '/auth/password-reset/',
  deleteAccount: '/appControl/deleteAccount/',
  changeEmail: '/confirm/mail/',
};

export function accountLink(appUrl: string, kind: AccountMailKind, token: string): string {
  return `${appUrl}${ACCOUNT_LINK_PATHS[kind]}${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The Spanish mail for one account link, as plain text and simple HTML. */
export function accountMail(kind: AccountMailKind, to: string, name: string, link: string): OutgoingMail {
  const m = messages.accounts.mail;
  const t = m[kind];
  const text = [m.greeting(name), '', t.body, '', link, '', m.ignore, '', m.signature].join('\n');
  const html = [
    `<p>${escapeHtml(m.greeting(name))}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(m.ignore)}</p>`,
    `<p>${escapeHtml(m.signature)}</p>`,
  ].join('\n');
  return { to, subject: t.subject, text, html };
}

/** "u***@example.com": enough for the owner to recognise the address, not enough to hand it to whoever reads the mail. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${Array.from(email)[0]}***${email.slice(at)}`;
}

/** The notice to the old address once the account moved to a new one (no link: nothing to click in it). */
export function emailChangedNoticeMail(to: string, name: string, newEmail: string): OutgoingMail {
  const m = messages.accounts.mail;
  const body = m.emailChanged.body(maskEmail(newEmail));
  const text = [m.greeting(name), '', body, '', m.signature].join('\n');
  const html = [`<p>${escapeHtml(m.greeting(name))}</p>`, `<p>${escapeHtml(body)}</p>`, `<p>${escapeHtml(m.signature)}</p>`].join('\n');
  return { to, subject: m.emailChanged.subject, text, html };
}
