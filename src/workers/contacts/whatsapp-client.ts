/**
 * The WhatsApp Cloud API client of campaigns: `POST /{version}/{phone-number-id}/messages` with a Bearer token and
 * `type: template` (/work/shared/design/providers.md). The token is passed in by the caller (revealed from the
 * secrets vault) and never appears in an error or a log line.
 */
export interface WhatsAppTemplate {
  name: string;
  language: string;
  components: { type: string; sub_type?: string; index?: number; parameters: { type: 'text'; text: string }[] }[];
}

export class WhatsAppApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly title: string,
  ) {
    super(`WhatsApp Cloud API ${status}${code !== null ? ` (${code})` : ''}: ${title}`);
    this.name = 'WhatsAppApiError';
  }
  /** Throughput limits (130429, HTTP 429) and server errors: back off and retry. */
  get retryable(): boolean {
    return this.status === 429 || this.code === 130429 || this.code === 80007 || this.status >= 500;
  }
}

export async function sendWhatsAppTemplate(
  api: { url: string; version: string },
  sender: { phoneNumberId: string; token: string },
  to: string,
  template: WhatsAppTemplate,
): Promise<{ messageId: string }> {
  let res: Response;
  try {
    res = await fetch(`${api.url}/${api.version}/${encodeURIComponent(sender.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: to.replace(/^\+/, ''),
        type: 'template',
        template: { name: template.name, language: { code: template.language }, components: template.components },
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new WhatsAppApiError(503, null, `network: ${(err as Error).name}`);
  }
  const body = (await res.json().catch(() => null)) as { messages?: { id: string }[]; error?: { code?: number; message?: string } } | null;
  if (!res.ok || !body?.messages?.[0]?.id) {
    throw new WhatsAppApiError(res.ok ? 502 : res.status, body?.error?.code ?? null, String(body?.error?.message ?? res.statusText).slice(0, 200));
  }
  return { messageId: body.messages[0].id };
}
