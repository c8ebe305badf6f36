import { describe, it } from 'vitest';
import { DomainError } from '../../src/domain/shared/errors.js';
import {
  confirmationMailDecider,
  type ConfirmationMailCommand,
  type ConfirmationMailEvent,
} from '../../src/domain/sales/confirmation-mail.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(confirmationMailDecider);
const at = SPEC_NOW.toISOString();
const EVENT = '11111111-1111-4111-8111-111111111111';

const set = (subject: string, html: string): ConfirmationMailCommand => ({ type: 'sales.SetConfirmationMailTemplate', data: { eventId: EVENT, subject, html } });
const reset: ConfirmationMailCommand = { type: 'sales.ResetConfirmationMailTemplate', data: { eventId: EVENT } };
const wasSet = (subject: string, html: string): ConfirmationMailEvent => ({
  type: 'sales.ConfirmationMailTemplateSet',
  data: { eventId: EVENT, subject, html, by: SPEC_USER_ID, at },
});
const wasReset: ConfirmationMailEvent = { type: 'sales.ConfirmationMailTemplateReset', data: { eventId: EVENT, by: SPEC_USER_ID, at } };

describe('the confirmation mail template of an event (decider)', () => {
  it('a first template is set (subject trimmed) and becomes the state', () => {
    spec.given([]).when(set('  Tus entradas  ', '<p>{{ buyer.name }}</p>')).then([wasSet('Tus entradas', '<p>{{ buyer.name }}</p>')]);
    spec
      .given([wasSet('A', '<p>a</p>')])
      .when(set('B', '<p>b</p>'))
      .thenState({ custom: true, subject: 'B', html: '<p>b</p>', updatedAt: at, updatedBy: SPEC_USER_ID });
  });

  it('saving the same template again records nothing', () => {
    spec.given([wasSet('A', '<p>a</p>')]).when(set('A', '<p>a</p>')).then([]);
  });

  it('reset goes back to the default; resetting the default records nothing', () => {
    spec.given([wasSet('A', '<p>a</p>')]).when(reset).then([wasReset]);
    spec.given([]).when(reset).then([]);
    spec.given([wasSet('A', '<p>a</p>'), wasReset]).when(reset).then([]);
  });

  it('refuses an empty or oversized subject or body, naming the field', () => {
    spec.given([]).when(set('   ', '<p>x</p>')).thenThrows(DomainError, (e) => e.code === 'TEMPLATE_INVALID' && e.details?.field === 'subject');
    spec.given([]).when(set('x'.repeat(301), '<p>x</p>')).thenThrows(DomainError, (e) => e.messagePublic === 'El asunto puede tener como máximo 300 caracteres.');
    spec.given([]).when(set('Hola', ' \n ')).thenThrows(DomainError, (e) => e.details?.field === 'html' && e.messagePublic === 'Escribe el contenido del correo.');
    spec.given([]).when(set('Hola', 'x'.repeat(50_001))).thenThrows(DomainError, (e) => e.details?.field === 'html');
  });
});
