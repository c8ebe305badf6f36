import { z } from 'zod';
import { VENUES, slotSchema } from './businessConference-rounds.js';
import { clientId } from './common.js';

/**
 * Contracts of the business conference's participant home (/conference), the round's general room
 * (/generalmeeting/{round}), the tour (updateCollaboratorTour), the help drawer's support contact and the meeting
 * reminders (settings/reminders). Shared by the API and the web.
 */

// ---------------------------------------------------------------------------------------------------------
// Tour (spec 3 "Tour state: offer.module, demand.module, offer.productCatalogue"): true means "still to show".

export interface TourFlags {
  offer: { module: boolean; productCatalogue: boolean };
  demand: { module: boolean };
}
export const DEFAULT_TOUR: TourFlags = { offer: { module: true, productCatalogue: true }, demand: { module: true } };

/** Body of `PUT updateCollaboratorTour`: the flags to set (usually `{ offer: { module: false } }`). */
export const tourPatchSchema = z
  .object({
    offer: z.object({ module: z.boolean().optional(), productCatalogue: z.boolean().optional() }).strict().optional(),
    demand: z.object({ module: z.boolean().optional() }).strict().optional(),
  })
  .strict();
export type TourPatch = z.infer<typeof tourPatchSchema>;

export const updateTourRequest = z.object({ tour: tourPatchSchema, clientId: clientId.optional() });
export type UpdateTourRequest = z.infer<typeof updateTourRequest>;

export const tourFlagsSchema = z.object({
  offer: z.object({ module: z.boolean(), productCatalogue: z.boolean() }),
  demand: z.object({ module: z.boolean() }),
});
export const tourResponse = z.object({ data: z.object({ tour: tourFlagsSchema }), position: z.string().nullable().optional() });
export type TourResponse = z.infer<typeof tourResponse>;

// ---------------------------------------------------------------------------------------------------------
// Reminders and support contact of an event's business conference (settings/reminders)

/** Minutes before a meeting a reminder may be sent (1 minute to 7 days). */
export const REMINDER_MINUTES_MIN = 1;
export const REMINDER_MINUTES_MAX = 7 * 24 * 60;
export const MAX_REMINDERS = 5;
export const DEFAULT_REMINDER_OFFSETS = [60, 10];

export interface HomeSettingsDto {
  eventId: string;
  /** Minutes before each meeting, distinct, largest first. */
  offsets: number[];
  /** E-mail reminders on (the only channel for now; WhatsApp needs the CRM's sender). */
  email: boolean;
  supportPhone: string | null;
  supportEmail: string | null;
  /** Revision of the settings stream (-1: never saved); send it back as expectedVersion. */
  version: number;
  updatedAt: string | null;
}

export const updateRemindersRequest = z.object({
  offsets: z
    .array(z.number().int({ message: 'Debe ser un número entero de minutos.' }).min(REMINDER_MINUTES_MIN).max(REMINDER_MINUTES_MAX))
    .max(MAX_REMINDERS, { message: `Máximo ${MAX_REMINDERS} recordatorios.` }),
  email: z.boolean(),
  expectedVersion: z.number().int().min(-1).optional(),
  clientId: clientId.optional(),
});
export type UpdateRemindersRequest = z.infer<typeof updateRemindersRequest>;

export const updateSupportContactRequest = z.object({
  phone: z.string().max(40).nullable(),
  email: z.string().max(254).nullable(),
  expectedVersion: z.number().int().min(-1).optional(),
  clientId: clientId.optional(),
});
export type UpdateSupportContactRequest = z.infer<typeof updateSupportContactRequest>;

export const homeSettingsParams = z.object({ id: z.string().min(1).max(100) });

/** The WhatsApp link of a support phone (spec 9): `https://wa.me/<digits>`, or null when it has no digits. */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}

// ---------------------------------------------------------------------------------------------------------
// /conference: the participant's home

export interface HomeMeetingDto {
  meetingId: string;
  slotId: string;
  start: string;
  end: string;
  table: number | null;
  room: string | null;
  phase: 'preliminary' | 'final';
  /** The participant's side in this meeting (an offer_demand participant may sit on either). */
  side: 'offer' | 'demand';
  counterpart: { participantId: string; company: string; contactName: string; logoUrl: string | null };
}

/** A round as the participant's pages show it (/conference, /generalmeeting). */
export const homeRoundInfoSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  code: z.string(),
  name: z.string(),
  /** YYYY-MM-DD. */
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  venue: z.enum(VENUES),
  productDeadline: z.string().nullable(),
});
export type HomeRoundInfo = z.infer<typeof homeRoundInfoSchema>;

/** The round's event, with what the module area's links need (owner and code). */
export const homeEventInfoSchema = z.object({ _id: z.string(), eventCode: z.string(), eventName: z.string(), ownerId: z.string() });
export type HomeEventInfo = z.infer<typeof homeEventInfoSchema>;

export interface HomeRoundDto {
  round: HomeRoundInfo;
  event: HomeEventInfo | null;
  participant: { _id: string; type: 'offer' | 'demand' | 'offer_demand'; status: 'pending' | 'approved' | 'rejected'; company: string };
  /** Accepted meetings of the participant (any status counts only accepted). */
  acceptedMeetings: number;
  /** Placed meetings that have not ended yet, in time order (at most 5). */
  nextMeetings: HomeMeetingDto[];
  support: { phone: string | null; whatsapp: string | null; email: string | null };
}

export interface ConferenceHomeDto {
  rounds: HomeRoundDto[];
}

// ---------------------------------------------------------------------------------------------------------
// /generalmeeting/{round}: the round's general room (Sala general), the plenary video room where the round's
// approved participants and the event's team meet outside the one-to-one meetings.

export const generalMeetingParams = z.object({ round: z.string().min(1).max(100) });

/** One day of the round, as instants: from its start to its end, with its breaks. */
export const generalMeetingDaySchema = z.object({
  /** YYYY-MM-DD in the round's time zone. */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  breaks: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type GeneralMeetingDay = z.infer<typeof generalMeetingDaySchema>;

export const generalMeetingSchema = z.object({
  round: homeRoundInfoSchema,
  event: homeEventInfoSchema.nullable(),
  /** The video call: a stable Jitsi Meet room of the round. */
  videoUrl: z.string(),
  /** The caller's approved registration in the round (null for the event's team). */
  participant: z.object({ _id: z.string(), company: z.string(), type: z.enum(['offer', 'demand', 'offer_demand']) }).nullable(),
  /** The room's use: live during one of the round's days (breaks included), else upcoming (nextStart) or ended. */
  state: z.enum(['live', 'upcoming', 'ended']),
  /** Start of the next day of the round when not live (null once it ended). */
  nextStart: z.string().nullable(),
  /** Today in the round's time zone (YYYY-MM-DD). */
  today: z.string(),
  /** Every day of the round, in order. */
  days: z.array(generalMeetingDaySchema),
  /** Today's meeting slots (empty when the round does not meet today). */
  todaySlots: z.array(slotSchema),
});
export type GeneralMeetingDto = z.infer<typeof generalMeetingSchema>;
export const generalMeetingResponse = z.object({ data: generalMeetingSchema });
