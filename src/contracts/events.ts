import { z } from 'zod';

/**
 * Contracts of the events module (organizer workspace): events, ticket types, payment methods, collaborators,
 * permissions, role validation, event information, audit trail, search and platform administration.
 * Shared by the server (validation + OpenAPI) and the web app (RTK Query types, form validation).
 * Every response body is `{ data, ... }`; writes answer `{ data, position }` (pass `position` as `after=` to
 * the next GET for read-your-writes).
 */

const required = 'Este campo es obligatorio.';
const text = (max: number) =>
  z.string().trim().max(max, { message: `Máximo ${max} caracteres.` });
const requiredText = (max: number) => text(max).min(1, { message: required });
const optionalText = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
/** ISO 8601 with offset; normalized to UTC (`...Z`) so the same instant always compares equal. */
const isoDateTime = z.iso.datetime({ offset: true, message: 'Fecha no válida.' }).transform((v) => new Date(v).toISOString());
const id = z.uuid({ message: 'Identificador no válido.' });

// ---------------------------------------------------------------------------------------------------------
// Constants

export const CURRENCIES = ['PEN', 'USD', 'EUR'] as const;
export const currencySchema = z.enum(CURRENCIES, { message: 'Moneda no válida.' });
export type Currency = z.infer<typeof currencySchema>;
/** Display prefixes of the spec: PEN S/., USD $, EUR euro sign. */
export const CURRENCY_PREFIX: Record<Currency, string> = { PEN: 'S/.', USD: '$', EUR: '€' };
export const DEFAULT_CURRENCY: Currency = 'PEN';
export const DEFAULT_TIME_ZONE = 'America/Lima';

/** Words that stand in place of the event in /module/{administrator}/{event} (spec section 2). */
export const MODULE_AREA_RESERVED_WORDS = [
  'create',
  'editEvent',
  'projects',
  'users',
  'contacts',
  'mails',
  'invoicing',
  'settings',
  'filesBank',
  'crm',
  'sendWhatsApp',
] as const;

/**
 * Codes no event can take, because its URLs put the code where these words route elsewhere: the module area's
 * reserved words (/module/{administrator}/{eventCode}/...) and the first segments of the app's other routes
 * (event-code pages live at /{eventCode}/...; spec section 2). Lower case: codes are, and the router matches
 * paths without regard to case.
 */
export const RESERVED_EVENT_CODES: ReadonlySet<string> = new Set([
  ...MODULE_AREA_RESERVED_WORDS.map((w) => w.toLowerCase()),
  ...['admin', 'api', 'appcontrol', 'assets', 'auth', 'chat', 'conference', 'confidentialitypolicy', 'confirm', 'expo'],
  ...['exportevent', 'generalconditionsutilization', 'generalmeeting', 'googlecloud', 'invitation', 'module', 'myevent'],
  ...['mymeetings', 'mytickets', 'order', 'poll', 'registerinvitation', 'reservation', 'reservationculqi', 'searchevent'],
  ...['socket', 'subscription', 'support', 'tabla', 'test', 'tickets', 'update', 'uploadcard', 'validatecode', 'validateticket'],
]);
export const isReservedEventCode = (code: string) => RESERVED_EVENT_CODES.has(code.trim().toLowerCase());

/** Event code: lower-case slug, 3 to 60 characters, letters, digits and inner hyphens, not a reserved word. */
export const EVENT_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/;
export const EVENT_CODE_RESERVED_MESSAGE = 'Este código está reservado por Aforo. Elige otro.';
export const eventCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  // An empty code is a missing field, like the others (the format message would only confuse).
  .min(1, { message: required })
  .regex(EVENT_CODE_PATTERN, {
    message: 'El código solo admite minúsculas, números y guiones (3 a 60 caracteres), sin guion al inicio ni al final.',
  })
  .refine((code) => !RESERVED_EVENT_CODES.has(code), { message: EVENT_CODE_RESERVED_MESSAGE });

/** Cover image upload limits (multipart field `cover`). */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const TICKET_VISIBILITIES = ['public', 'hidden', 'invitation'] as const;
export const ticketVisibilitySchema = z.enum(TICKET_VISIBILITIES, { message: 'Visibilidad no válida.' });
export type TicketVisibility = z.infer<typeof ticketVisibilitySchema>;
export const MAX_TICKET_TYPES = 50;

export const PAYMENT_METHOD_KINDS = ['card', 'merchant', 'bankDeposit', 'cash'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];
export const PAYMENT_MODES = ['sandbox', 'production'] as const;

/** Modules of the module area and the roles a collaborator can hold in each (spec section 6 and issue 4). */
export const MODULE_ROLES = {
  store: ['administrator', 'register', 'cash_register', 'poll', 'symptomatology', 'lima_home'],
  businessConference: ['administrator', 'production', 'support'],
  exhibitor: ['administrator'],
  contacts: ['administrator'],
  mails: ['administrator'],
  settings: ['administrator'],
} as const;
export type ModuleName = keyof typeof MODULE_ROLES;
export const MODULES = Object.keys(MODULE_ROLES) as ModuleName[];
export const moduleSchema = z.enum(MODULES as [ModuleName, ...ModuleName[]], { message: 'Módulo no válido.' });
export const ALL_ROLES = ['administrator', 'register', 'cash_register', 'poll', 'symptomatology', 'lima_home', 'production', 'support'] as const;
export type RoleName = (typeof ALL_ROLES)[number];
export const roleSchema = z.enum(ALL_ROLES, { message: 'Rol no válido.' });
/** Toolbar labels of the modules (spec section 1). */
export const MODULE_LABELS: Record<ModuleName, string> = {
  store: 'TIENDA',
  businessConference: 'RUEDA DE NEGOCIOS',
  exhibitor: 'EXPOSITOR',
  contacts: 'CRM',
  mails: 'CORREOS',
  settings: 'AJUSTES',
};

/**
 * Actions checked on the server for every command and query of an event. The permission matrix
 * (src/domain/events/permissions.ts) maps module + role to allowed actions and pages.
 */
export const EVENT_ACTIONS = [
  'event.read',
  'event.edit',
  'event.publish',
  'ticket.read',
  'ticket.manage',
  'paymentMethod.read',
  'paymentMethod.manage',
  'collaborator.read',
  'collaborator.manage',
  'history.read',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

// ---------------------------------------------------------------------------------------------------------
// Event

export const eventSchema = z.object({
  _id: id,
  ownerId: z.string(),
  eventCode: z.string(),
  eventName: z.string(),
  description: z.string().nullable(),
  venue: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  /** Instants (ISO 8601, UTC); show them in `timeZone`. */
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  currency: currencySchema,
  /** S/., $ or € */
  currencyPrefix: z.string(),
  capacity: z.number().int().nullable(),
  /** Path under /api/v2/files/..., or null. */
  coverUrl: z.string().nullable(),
  /** False again once cancelled (a cancelled event is off the public lists); see cancelledAt. */
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  /** When the published event was cancelled (its public page says so; no more edits), or null. */
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Stream revision; send it back as `expectedVersion` to detect concurrent edits (409). */
  version: z.number().int(),
});
export type EventDto = z.infer<typeof eventSchema>;

const eventFields = {
  eventName: requiredText(150),
  eventCode: eventCodeSchema,
  description: optionalText(5000),
  venue: optionalText(300),
  // Shown as a link on the public page: web addresses only (no javascript: or data: URLs).
  onlineUrl: z
    .url({ protocol: /^https?$/, message: 'Enlace no válido: usa una dirección que empiece por http:// o https://.' })
    .max(500)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  startDate: isoDateTime,
  endDate: isoDateTime,
  timeZone: z.string().trim().min(1).max(64).default(DEFAULT_TIME_ZONE),
  currency: currencySchema.default(DEFAULT_CURRENCY),
  capacity: z
    .number()
    .int({ message: 'Debe ser un número entero.' })
    .min(1, { message: 'Debe ser mayor que 0.' })
    .max(1_000_000)
    .optional()
    .nullable()
    .transform((v) => v ?? null),
};

/** POST /event. `clientId` (UUID) becomes the event id: a retry with the same clientId creates nothing new. */
export const createEventRequestSchema = z.object({ clientId: id.optional(), ...eventFields });
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;

/**
 * PUT /event/:id. Any subset of the fields; `published: true` publishes (after applying the other fields).
 * `published: false` is refused (there is no unpublish). `expectedVersion` optional (409 on mismatch).
 */
export const updateEventRequestSchema = z.object({
  eventName: eventFields.eventName.optional(),
  eventCode: eventCodeSchema.optional(),
  description: optionalText(5000).optional(),
  venue: optionalText(300).optional(),
  onlineUrl: eventFields.onlineUrl.optional(),
  startDate: isoDateTime.optional(),
  endDate: isoDateTime.optional(),
  timeZone: z.string().trim().min(1).max(64).optional(),
  currency: currencySchema.optional(),
  capacity: eventFields.capacity.optional(),
  published: z.boolean().optional(),
  expectedVersion: z.number().int().min(0).optional(),
  /** Optional client command id (idempotent retry). */
  clientId: id.optional(),
});
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;

/**
 * GET /events/code-availability?code=&eventId= (signed in): whether an eventCode is free, for the form's check
 * while typing. `eventId` names the event being edited, whose own code counts as free. Advisory only: saving
 * still reserves the code atomically and answers 409 EVENT_CODE_TAKEN when someone was faster.
 */
export const codeAvailabilityQuerySchema = z.object({ code: eventCodeSchema, eventId: id.optional() });
export const codeAvailabilityResponseSchema = z.object({
  data: z.object({
    /** The code as it would be saved (trimmed, lower-case). */
    code: z.string(),
    available: z.boolean(),
    /** When taken: the same message the save would answer. */
    messagePublic: z.string().nullable(),
  }),
});
export type CodeAvailability = z.infer<typeof codeAvailabilityResponseSchema>['data'];

/** Every write answers with the resulting entity and the position to wait for. */
export const writeResponse = <T extends z.ZodType>(data: T) => z.object({ data, position: z.string().nullable() });
export const eventWriteResponseSchema = writeResponse(eventSchema);
export const eventResponseSchema = z.object({ data: eventSchema });

/**
 * POST /event/:id/duplicate: a new draft with the same details, cover, ticket types and payment methods.
 * `clientId` becomes the copy's id (a retry creates nothing new); without `eventCode` the first free of
 * `<code>-copia`, `<code>-copia-2`, ... is used. `paymentMethodsLeftOut`: card methods whose secret could not be copied.
 */
export const duplicateEventRequestSchema = z.object({ clientId: id.optional(), eventCode: eventCodeSchema.optional() });
export type DuplicateEventRequest = z.input<typeof duplicateEventRequestSchema>;
export const duplicateEventResponseSchema = writeResponse(eventSchema).extend({ paymentMethodsLeftOut: z.number().int() });

// ---------------------------------------------------------------------------------------------------------
// Ticket types

export const ticketTypeSchema = z.object({
  _id: id,
  eventId: id,
  name: z.string(),
  /** 0 = free. Two decimals at most, in the event currency. */
  price: z.number(),
  quantity: z.number().int(),
  saleStart: z.string().nullable(),
  saleEnd: z.string().nullable(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  visibility: ticketVisibilitySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketTypeDto = z.infer<typeof ticketTypeSchema>;

const money = z
  .number({ message: 'Debe ser un número.' })
  .min(0, { message: 'El precio no puede ser negativo.' })
  .max(1_000_000, { message: 'Precio demasiado alto.' })
  .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1000) / 1000, { message: 'Máximo dos decimales.' });

export const ticketTypeFieldsSchema = z.object({
  name: requiredText(120),
  price: money,
  quantity: z.number().int({ message: 'Debe ser un número entero.' }).min(1, { message: 'Debe ser mayor que 0.' }).max(1_000_000),
  saleStart: isoDateTime.optional().nullable().transform((v) => v ?? null),
  saleEnd: isoDateTime.optional().nullable().transform((v) => v ?? null),
  minPerOrder: z.number().int().min(1, { message: 'Debe ser mayor que 0.' }).max(1000).default(1),
  maxPerOrder: z.number().int().min(1, { message: 'Debe ser mayor que 0.' }).max(1000).default(10),
  visibility: ticketVisibilitySchema.default('public'),
});
/** POST /event/:id/ticket (clientId becomes the ticket type id: idempotent). */
export const createTicketTypeRequestSchema = ticketTypeFieldsSchema.extend({ clientId: id.optional() });
/** PUT /event/:id/ticket/:itemId: any subset. */
export const updateTicketTypeRequestSchema = ticketTypeFieldsSchema.partial();
export const ticketTypeWriteResponseSchema = writeResponse(ticketTypeSchema);
export const ticketTypesResponseSchema = z.object({ data: z.array(ticketTypeSchema) });

// ---------------------------------------------------------------------------------------------------------
// Payment methods (the card secret key is write-only: never answered, only `hasSecretKey`)

export const paymentMethodSchema = z.discriminatedUnion('kind', [
  z.object({
    _id: id,
    eventId: id,
    kind: z.literal('card'),
    /** Public key shown to buyers (`{key}` in the spec). */
    key: z.string(),
    hasSecretKey: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  z.object({
    _id: id,
    eventId: id,
    kind: z.literal('merchant'),
    merchantId: z.string(),
    mode: z.enum(PAYMENT_MODES),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  z.object({
    _id: id,
    eventId: id,
    kind: z.literal('bankDeposit'),
    bank: z.string(),
    account: z.string(),
    holder: z.string(),
    instructions: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  z.object({
    _id: id,
    eventId: id,
    kind: z.literal('cash'),
    instructions: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
]);
export type PaymentMethodDto = z.infer<typeof paymentMethodSchema>;

export const paymentMethodFieldsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), key: requiredText(200), secretKey: requiredText(200) }),
  z.object({ kind: z.literal('merchant'), merchantId: requiredText(100), mode: z.enum(PAYMENT_MODES, { message: 'Modo no válido.' }) }),
  z.object({
    kind: z.literal('bankDeposit'),
    bank: requiredText(100),
    account: requiredText(60),
    holder: requiredText(150),
    instructions: optionalText(1000),
  }),
  z.object({ kind: z.literal('cash'), instructions: optionalText(1000) }),
]);
/** POST /event/:id/paymentMethod. One card, one merchant and one cash method per event; bank deposits: many. */
export const createPaymentMethodRequestSchema = z.intersection(paymentMethodFieldsSchema, z.object({ clientId: id.optional() }));
/**
 * PUT /event/:id/paymentMethod/:itemId: fields of the same kind (kind cannot change). For a card, omit
 * `secretKey` to keep the stored one.
 */
export const updatePaymentMethodRequestSchema = z.object({
  key: requiredText(200).optional(),
  secretKey: requiredText(200).optional(),
  merchantId: requiredText(100).optional(),
  mode: z.enum(PAYMENT_MODES).optional(),
  bank: requiredText(100).optional(),
  account: requiredText(60).optional(),
  holder: requiredText(150).optional(),
  instructions: optionalText(1000).optional(),
});
export const paymentMethodWriteResponseSchema = writeResponse(paymentMethodSchema);
export const paymentMethodsResponseSchema = z.object({ data: z.array(paymentMethodSchema) });

/** DELETE answers `{ data: { _id, deleted: true }, position }`. */
export const deleteResponseSchema = writeResponse(z.object({ _id: z.string(), deleted: z.literal(true) }));

// ---------------------------------------------------------------------------------------------------------
// Event information (GET /eventInformation/:id)

export const ticketSummarySchema = z.object({
  /** Number of ticket types created. */
  quantity: z.number().int(),
  /** Highest ticket price (0 when none or all free). */
  maximumPrice: z.number(),
  /** Tickets sold or issued so far (0 until sales exist). */
  uses: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const eventInformationSchema = z.object({
  data: eventSchema,
  ticket: ticketSummarySchema,
  /** True when the event has tickets and all are free (no payment method needed to publish). */
  freeIncome: z.boolean(),
  /** Number of configured payment methods. */
  methods: z.number().int(),
  /** Registration form fields (the store's manage/form, in order): { _id, label, type, required }. */
  fields: z.array(z.object({ _id: z.string(), label: z.string(), type: z.string(), required: z.boolean() })),
  /** Confirmation e-mail templates; none yet: empty list of { _id, name }. */
  templates: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** Virtual fair of the event; null until the virtual-fair module exists. */
  virtualFair: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /**
   * Dashboard extras: ticket types and payment methods of the event (empty lists for a caller without
   * `ticket.read` / `paymentMethod.read` respectively), and the configuration checklist.
   */
  ticketTypes: z.array(ticketTypeSchema),
  paymentMethods: z.array(paymentMethodSchema),
  checklist: z.object({
    hasTickets: z.boolean(),
    paymentMethodRequired: z.boolean(),
    hasPaymentMethod: z.boolean(),
    hasCover: z.boolean(),
    hasDescription: z.boolean(),
    published: z.boolean(),
    /** Sum of ticket quantities; capacity (null when none) is a quota shared by the ticket types. */
    ticketsTotal: z.number().int(),
    capacity: z.number().int().nullable(),
    /** The most the event can sell: min(ticketsTotal, capacity). */
    sellableTotal: z.number().int(),
  }),
});
export type EventInformation = z.infer<typeof eventInformationSchema>;

// ---------------------------------------------------------------------------------------------------------
// Lists, home, search, public page

export const eventSummarySchema = z.object({
  _id: id,
  eventCode: z.string(),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  currency: currencySchema,
  currencyPrefix: z.string(),
  venue: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  published: z.boolean(),
  /** A published event that was called off (then `published` is false). */
  cancelled: z.boolean(),
  /** Lowest and highest public ticket price (null without public tickets). */
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** GET /events/mine?filter=all|published|draft|upcoming|past&q= : the owner's events, those of his teams and those he attends. */
export const MY_EVENT_FILTERS = ['all', 'published', 'draft', 'upcoming', 'past'] as const;
export const myEventsQuerySchema = z.object({
  filter: z.enum(MY_EVENT_FILTERS).default('all'),
  q: z.string().trim().max(100).optional(),
});
export const myEventSchema = eventSummarySchema.extend({
  /** The organizer (client) of the event: first segment of /module/{client}/{event}/... */
  ownerId: z.string(),
  /** True when the signed-in user created the event. */
  owner: z.boolean(),
  /** Roles of the signed-in user, by module (owners hold administrator everywhere). */
  roles: z.record(z.string(), z.string()),
  /** The user holds tickets of it (empty `roles` when that is all). */
  attending: z.boolean(),
});
export const myEventsResponseSchema = z.object({ data: z.array(myEventSchema) });

export const publicListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});
/** GET /events/published (public): upcoming published events first (summaries without ownerId). */
export const eventListResponseSchema = z.object({ data: z.array(eventSummarySchema), total: z.number().int() });
/** GET /searchEvent?q=: Spanish full text, accent-insensitive, published events only. */
export const searchQuerySchema = publicListQuerySchema.extend({
  q: z.string().trim().min(1, { message: required }).max(100),
});

/** A ticket type as buyers see it: no event id, visibility or timestamps. */
export const publicTicketTypeSchema = ticketTypeSchema
  .pick({ _id: true, name: true, price: true, quantity: true, saleStart: true, saleEnd: true, minPerOrder: true, maxPerOrder: true })
  .extend({
    /** 'upcoming' before saleStart, 'onSale', 'ended' after saleEnd. */
    saleStatus: z.enum(['upcoming', 'onSale', 'ended']),
  });
/**
 * GET /e/:eventCode: public event page. Only published events, unless the viewer is on the event's team (then
 * `preview: true`). Ticket types: public ones that are on sale or upcoming.
 */
export const publicEventResponseSchema = z.object({
  /** Public lists and pages never show internal user ids (no ownerId). */
  data: eventSchema.omit({ version: true, ownerId: true }),
  ticketTypes: z.array(publicTicketTypeSchema),
  /** Payment method kinds accepted (no configuration details), plus the card public key if any. */
  paymentOptions: z.array(z.enum(PAYMENT_METHOD_KINDS)),
  cardPublicKey: z.string().nullable(),
  preview: z.boolean(),
  /**
   * Who organizes it, as the privacy policy promises on every event page: the owner's display name and contact
   * e-mail (the account's). Null when the owner's account no longer exists.
   */
  organizer: z.object({ name: z.string(), email: z.string() }).nullable(),
});

// ---------------------------------------------------------------------------------------------------------
// Collaborators

export const inviteCollaboratorRequestSchema = z
  .object({
    email: z.email({ message: 'Correo electrónico no válido.' }).trim().toLowerCase(),
    module: moduleSchema,
    role: roleSchema,
  })
  .refine((v) => (MODULE_ROLES[v.module] as readonly string[]).includes(v.role), {
    message: 'El rol no existe en ese módulo.',
    path: ['role'],
  });
export type InviteCollaboratorRequest = z.infer<typeof inviteCollaboratorRequestSchema>;

export const collaboratorSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  owner: z.boolean(),
  /** Role by module. */
  roles: z.record(z.string(), z.string()),
});
export const pendingInvitationSchema = z.object({
  _id: id,
  /** Masked e-mail (a***@dominio.com); the clear address is never stored in the log. */
  emailMasked: z.string(),
  module: moduleSchema,
  role: roleSchema,
  invitedAt: z.string(),
});
/** GET /event/:id/collaborators */
export const collaboratorsResponseSchema = z.object({
  data: z.array(collaboratorSchema),
  pending: z.array(pendingInvitationSchema),
});
/** POST /event/:id/collaborator -> 201. `status` granted (account exists) or pending (granted on sign-up/sign-in). */
export const inviteCollaboratorResponseSchema = z.object({
  data: z.object({
    status: z.enum(['granted', 'pending']),
    userId: z.string().nullable(),
    invitationId: z.string().nullable(),
    module: moduleSchema,
    role: roleSchema,
  }),
  position: z.string().nullable(),
});
/**
 * DELETE /event/:id/invitation/:itemId: cancels a pending e-mail invitation (its link then answers 409
 * INVITATION_CANCELLED). Same permission as inviting; repeating it answers success.
 */
export const cancelInvitationResponseSchema = deleteResponseSchema;
/** POST /confirm/invitation/:token (signed in): grants a pending invitation addressed to the user's e-mail. */
export const confirmInvitationResponseSchema = z.object({
  data: z.object({ eventId: id, eventCode: z.string(), module: moduleSchema, role: roleSchema }),
  position: z.string().nullable(),
});
export type ConfirmInvitationResponse = z.infer<typeof confirmInvitationResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Permissions and role validation

/** Headers the web client sends (spec section 7); all optional. `event` may be an id or an eventCode. */
export const ACCESS_HEADERS = ['path', 'user', 'event', 'module', 'page', 'businessconference', 'exhibitorcompany'] as const;

export const modulePermissionSchema = z.object({
  module: moduleSchema,
  role: roleSchema,
  /** Pages of the module (route suffixes after /module/{client}/{event}/{module}, '' = Tablero). */
  pages: z.array(z.string()),
  /** Actions of the access matrix (src/contracts/access.ts ACCESS_ACTIONS): today's EVENT_ACTIONS and the coming modules'. */
  actions: z.array(z.string()),
});
export type ModulePermission = z.infer<typeof modulePermissionSchema>;

/**
 * GET /permissions/:event (`event` = id, eventCode or the word `null`/`event` for none).
 * - principal: business-conference participant marker; null until that module exists.
 * - data: the user's permissions per module in this event (empty without event).
 * - data2: modules of the client outside events (create, users, contacts...) — the reserved words allowed.
 * - global: platform-wide flags.
 */
export const permissionsResponseSchema = z.object({
  principal: z
    .object({ businessConferenceParticipant: z.object({ offer: z.array(z.string()), demand: z.array(z.string()) }) })
    .nullable(),
  data: z.array(modulePermissionSchema),
  data2: z.array(z.string()).optional(),
  global: z.object({
    administrator: z.boolean(),
    owner: z.boolean(),
    developer: z.boolean(),
    chat: z.boolean(),
  }),
});
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;

/** GET /validateRole?client=&event=&module=&page= */
export const validateRoleQuerySchema = z.object({
  client: z.string().max(100).optional(),
  event: z.string().max(100).optional(),
  module: z.string().max(50).optional(),
  page: z.string().max(300).optional(),
});
export const eventOptionSchema = z.object({
  _id: id,
  eventCode: z.string(),
  eventName: z.string(),
  published: z.boolean(),
  /** A published event that was cancelled (then `published` is false). */
  cancelled: z.boolean(),
  ownerId: z.string(),
});
export const validateRoleResponseSchema = z.object({
  data: z.object({
    data: z.object({
      modules: z.array(z.object({ module: moduleSchema, label: z.string() })),
      events: z.array(eventOptionSchema),
      event: eventSchema.nullable(),
      businessConferences: z.array(z.object({ _id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() })),
      businessConferenceObj: z.object({ _id: z.string() }).nullable(),
      exhibitorCompanys: z.array(z.object({ _id: z.string(), ruc: z.string(), name: z.string(), quantityExhibitors: z.number(), quantitySpeakers: z.number() })),
      exhibitorCompanyObj: z.object({ _id: z.string() }).nullable(),
      /** Actions of the access matrix (ACCESS_ACTIONS). */
      actions: z.array(z.string()),
      ticket: ticketSummarySchema,
      freeIncome: z.boolean(),
      /** True when the event has at least one payment method. */
      paymentOption: z.boolean(),
      /** Role keyed by module, e.g. { store: 'administrator' }. */
      role: z.record(z.string(), z.string()),
      /** Pages of the requested module the role may open ('' = Tablero). */
      pages: z.array(z.string()),
      /** The role may open any page of the module, listed or not (administrators): an unbuilt one is a 404. */
      anyPage: z.boolean(),
    }),
  }),
});
export type ValidateRoleResponse = z.infer<typeof validateRoleResponseSchema>;

/** GET /modules/:userId?fecthEvents=true (the spec's spelling). */
export const modulesQuerySchema = z.object({ fecthEvents: z.enum(['true', 'false']).optional() });
export const modulesResponseSchema = z.object({
  data: z.object({
    modules: z.array(z.object({ module: moduleSchema, label: z.string(), events: z.array(eventOptionSchema.extend({ role: roleSchema })) })),
    events: z.array(eventOptionSchema),
  }),
});

/** GET /validate and GET /validateadmin: 200 `{ data: { valid: true } }` or 401/403. */
export const validateResponseSchema = z.object({ data: z.object({ valid: z.literal(true) }) });

// ---------------------------------------------------------------------------------------------------------
// Audit trail

export const auditChangeSchema = z.object({
  /** Dotted field path, e.g. `eventName`, `ticket.price`. */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const auditEntrySchema = z.object({
  /** Stream revision. */
  version: z.number().int(),
  type: z.string(),
  /** Spanish description of what happened. */
  action: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** Ticket type, payment method or collaborator concerned, if any. */
  subject: z.string().nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** GET /event/:id/history (newest first); /event/:id/history.csv for the same as CSV (UTF-8 with BOM). */
export const historyResponseSchema = z.object({ data: z.array(auditEntrySchema) });

// ---------------------------------------------------------------------------------------------------------
// Platform administration (administrator only)

export const adminDashboardResponseSchema = z.object({
  data: z.object({
    users: z.number().int(),
    organizers: z.number().int(),
    events: z.number().int(),
    publishedEvents: z.number().int(),
    ticketTypes: z.number().int(),
  }),
});

/** MUI X Data Grid server mode: page (0-based), pageSize, sort and one filter item. */
export const GRID_FILTER_OPERATORS = [
  'contains',
  'doesNotContain',
  'equals',
  'doesNotEqual',
  'startsWith',
  'endsWith',
  'isEmpty',
  'isNotEmpty',
  'is',
  'not',
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'after',
  'onOrAfter',
  'before',
  'onOrBefore',
] as const;
export const gridQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sortField: z.string().max(50).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  filterField: z.string().max(50).optional(),
  filterOperator: z.enum(GRID_FILTER_OPERATORS).optional(),
  filterValue: z.string().max(200).optional(),
});
export type GridQuery = z.infer<typeof gridQuerySchema>;

// The admin grids' rows and responses: src/contracts/admin.ts.

/** POST /event/:id/cover (multipart, field `cover`) answers the event with its new coverUrl. */
export const coverUploadResponseSchema = eventWriteResponseSchema;

// ---------------------------------------------------------------------------------------------------------
// Realtime

/**
 * Socket.IO event pushed to every team member's `user:<id>` room after an event's read models changed (and to
 * a removed collaborator), so open pages refetch: invalidate the event's RTK Query tags when it arrives.
 */
import { EVENT_UPDATED_SOCKET_EVENT } from './events-socket.js';
export { EVENT_UPDATED_SOCKET_EVENT };
export const eventUpdatedPayloadSchema = z.object({
  eventId: z.string(),
  /** Stream revision reached; ignore pushes older than what you have. */
  version: z.number().int(),
  /** Last domain event type of the batch, e.g. events.EventPublished. */
  type: z.string(),
  /** Position to pass as `after=` when refetching. */
  position: z.string(),
});
export type EventUpdatedPayload = z.infer<typeof eventUpdatedPayloadSchema>;
/** Server -> client events-module events (assembled with the other modules' in ./realtime.ts). */
export type EventsServerToClientEvents = { [EVENT_UPDATED_SOCKET_EVENT]: (payload: EventUpdatedPayload) => void };
