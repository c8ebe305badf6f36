import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import { checkCustomFields, fieldsForType, type RegisterParticipantRequest, type UpdateParticipantRequest } from '../../contracts/businessConference-participants.js';
import { participantDecider, participantIdFor, participantStreamId } from '../../domain/businessConference/participant.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
const m = messages.businessConference.participants;

/** The round's custom fields for a type, checked with the forms' rules; a wrong answer is a 400 listing each field. */
export function cleanFields(round: RoundDto, type: RegisterParticipantRequest['type'], values: Record<string, unknown>) {
  const { values: clean, errors } = checkCustomFields(fieldsForType(type, round), values);
  if (errors.length) throw new DomainError('INVALID_FIELDS', m.invalidFields, 400, { errors });
  return clean;
}

/**
 * A signed-in user registers in a round as offerer, demander or both (pending until the organizer decides).
 * The participant id is the round's and user's (participantIdFor): a second registration, even a concurrent
 * one with another client id, meets the first on the same stream and is refused (409 ALREADY_REGISTERED);
 * the same client id again answers the first registration.
 */
export async function registerParticipant(ctx: Ctx, input: { round: RoundDto; user: AuthUser; body: RegisterParticipantRequest }) {
  const { round, user, body } = input;
  const fields = cleanFields(round, body.type, body.fields);
  const participantId = participantIdFor(round._id, user._id);
  const result = await handleCommand(ctx, {
    streamId: participantStreamId(participantId),
    decider: participantDecider,
    command: {
      type: 'businessConference.RegisterParticipant',
      data: {
        participantId,
        roundId: round._id,
        eventId: round.eventId,
        userId: user._id,
        participantType: body.type,
        email: user.email,
        company: body.company,
        contactName: body.contactName,
        phone: body.phone,
        fields,
        products: body.products,
        productDeadline: round.productDeadline,
      },
    },
    meta: { commandId: `register:${body.clientId}`, userId: user._id },
  });
  return { participantId, position: result.position, duplicate: result.duplicate };
}

/** The participant edits their own profile (company, contact, answers); the round's fields are checked again. */
export async function updateParticipantProfile(ctx: Ctx, input: { round: RoundDto; participantId: string; type: RegisterParticipantRequest['type']; user: AuthUser; body: UpdateParticipantRequest }) {
  const { round, user, body } = input;
  const fields = cleanFields(round, input.type, body.fields);
  const result = await handleCommand(ctx, {
    streamId: participantStreamId(input.participantId),
    decider: participantDecider,
    command: {
      type: 'businessConference.UpdateParticipantProfile',
      data: { userId: user._id, company: body.company, contactName: body.contactName, phone: body.phone, fields },
    },
    meta: { commandId: `profile:${body.clientId}`, userId: user._id },
  });
  return { position: result.position };
}
