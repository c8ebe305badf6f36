/**
 * The organizer's confirmation mail template of one event (stream `sales-confirmation-mail-<eventId>`): the
 * subject and HTML body (liquidjs, see src/sales-documents/template.ts) the confirmation mail is rendered from.
 * No stream, or a reset one, means the default Spanish template. The template's syntax is checked by the use
 * case before deciding (rendering is not the decider's business); the decider keeps the history and makes a
 * save of what is already there a no-op. Pure: time and user come in through DecideContext.
 */
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '../../contracts/sales-documents.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

export const confirmationMailStreamId = (eventId: string) => `sales-confirmation-mail-${eventId}`;

const CONFIRMATION_SUBJECT_MAX = TEMPLATE_SUBJECT_MAX;
const CONFIRMATION_BODY_MAX = TEMPLATE_BODY_MAX;

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ConfirmationMailTemplateSet = E<
  'sales.ConfirmationMailTemplateSet',
  { eventId: string; subject: string; html: string; by: string | null; at: string }
>;
export type ConfirmationMailTemplateReset = E<'sales.ConfirmationMailTemplateReset', { eventId: string; by: string | null; at: string }>;
export type ConfirmationMailEvent = ConfirmationMailTemplateSet | ConfirmationMailTemplateReset;

export type ConfirmationMailCommand =
  | { type: 'sales.SetConfirmationMailTemplate'; data: { eventId: string; subject: string; html: string } }
  | { type: 'sales.ResetConfirmationMailTemplate'; data: { eventId: string } };

export type ConfirmationMailState =
  | { custom: false; updatedAt: string | null; updatedBy: string | null }
  | { custom: true; subject: string; html: string; updatedAt: string; updatedBy: string | null };

export const initialState = (): ConfirmationMailState => ({ custom: false, updatedAt: null, updatedBy: null });

const m = messages.ticketDocuments;

export function decide(command: ConfirmationMailCommand, state: ConfirmationMailState, ctx: DecideContext): ConfirmationMailEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'sales.SetConfirmationMailTemplate': {
      const { eventId, html } = command.data;
      const subject = command.data.subject.trim();
      if (!subject) throw new DomainError('TEMPLATE_INVALID', m.subjectRequired, 400, { field: 'subject' });
      if (subject.length > CONFIRMATION_SUBJECT_MAX) throw new DomainError('TEMPLATE_INVALID', m.subjectTooLong(CONFIRMATION_SUBJECT_MAX), 400, { field: 'subject' });
      if (!html.trim()) throw new DomainError('TEMPLATE_INVALID', m.bodyRequired, 400, { field: 'html' });
      if (html.length > CONFIRMATION_BODY_MAX) throw new DomainError('TEMPLATE_INVALID', m.bodyTooLong(CONFIRMATION_BODY_MAX), 400, { field: 'html' });
      if (state.custom && state.subject === subject && state.html === html) return [];
      return [{ type: 'sales.ConfirmationMailTemplateSet', data: { eventId, subject, html, by, at } }];
    }
    case 'sales.ResetConfirmationMailTemplate':
      if (!state.custom) return [];
      return [{ type: 'sales.ConfirmationMailTemplateReset', data: { eventId: command.data.eventId, by, at } }];
  }
}

export function evolve(_state: ConfirmationMailState, event: ConfirmationMailEvent): ConfirmationMailState {
  switch (event.type) {
    case 'sales.ConfirmationMailTemplateSet':
      return { custom: true, subject: event.data.subject, html: event.data.html, updatedAt: event.data.at, updatedBy: event.data.by };
    case 'sales.ConfirmationMailTemplateReset':
      return { custom: false, updatedAt: event.data.at, updatedBy: event.data.by };
  }
}

export const confirmationMailDecider: Decider<ConfirmationMailCommand, ConfirmationMailEvent, ConfirmationMailState> = { decide, evolve, initialState };
