/** Helpers of the campaign tests: an organizer's calls to the campaigns API. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CampaignProgressDto } from '../../src/contracts/contacts-campaigns.js';
import { bearer, jsonPost } from '../support/accounts.js';

export interface Recipient {
  contactId: string;
  address: string;
  name: string;
  consent: boolean;
  merge?: Record<string, string>;
}

export function campaignApi(api: string, token: string) {
  const call = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api}${path}`, body === undefined ? { headers: { ...bearer(token), ...headers } } : jsonPost(body, { ...bearer(token), ...headers }));
    const json = (await res.json().catch(() => null)) as any;
    return { status: res.status, body: json };
  };
  return {
    call,
    async emailSender(name = 'Boletín') {
      const id = randomUUID();
      const r = await call('/contacts/senders', { clientId: id, channel: 'email', name, fromName: 'Aforo Eventos', fromEmail: 'boletin@aforo.test' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return id;
    },
    async whatsappSender(phoneNumberId: string, token: string) {
      const id = randomUUID();
      const r = await call('/contacts/senders', { clientId: id, channel: 'whatsapp', name: 'WhatsApp', phoneNumberId, token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return id;
    },
    async create(body: { senderId: string; channel?: 'email' | 'whatsapp'; recipients: Recipient[]; content?: unknown; name?: string; id?: string }) {
      const id = body.id ?? randomUUID();
      const r = await call('/contacts/campaigns', {
        clientId: id,
        name: body.name ?? 'Lanzamiento 2026',
        channel: body.channel ?? 'email',
        senderId: body.senderId,
        content: body.content ?? { kind: 'email', subject: 'Hola {{ contact.name }}', html: '<p>Hola {{ contact.name }}, te esperamos en {{ contact.ciudad | default: "Lima" }}.</p>' },
        recipients: body.recipients,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return { id, position: r.body.position as string };
    },
    async send(id: string) {
      const r = await call(`/contacts/campaigns/${id}/send`, { clientId: randomUUID() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    },
    async action(id: string, action: 'pause' | 'resume' | 'cancel') {
      return call(`/contacts/campaigns/${id}/${action}`, { clientId: randomUUID() });
    },
    async progress(id: string): Promise<CampaignProgressDto> {
      const r = await call(`/contacts/campaigns/${id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    },
    async waitStatus(id: string, status: string, timeout = 30_000) {
      await expect.poll(async () => (await this.progress(id)).campaign.status, { timeout, interval: 200 }).toBe(status);
      return this.progress(id);
    },
  };
}

export const people = (n: number, tag: string, consent = (_i: number) => true): Recipient[] =>
  Array.from({ length: n }, (_, i) => ({ contactId: `${tag}-${i}`, address: `${tag}.${i}@example.test`, name: `Persona ${i}`, consent: consent(i), merge: { ciudad: 'Arequipa' } }));
