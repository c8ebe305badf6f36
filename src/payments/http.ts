import { messages } from '../messages/es.js';
import { PaymentError } from './port.js';

/** Error codes of our own (the provider's codes pass through as they come). */
export const PROVIDER_UNAVAILABLE = 'PROVIDER_UNAVAILABLE';
export const PROVIDER_OUTCOME_UNKNOWN = 'PROVIDER_OUTCOME_UNKNOWN';

/** Connection errors raised before a byte reached the provider: nothing was charged, a retry is safe. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export interface ProviderResponse {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON (a proxy's HTML page). */
  body: unknown;
}

/**
 * One HTTP call to a provider. Transport failures become a PaymentError: `PROVIDER_UNAVAILABLE` when the request
 * surely never arrived, otherwise (time-out, reset) `PROVIDER_OUTCOME_UNKNOWN` for a call that moves money, since
 * the provider may have acted. The URL and headers are never logged or put in the error (they hold secrets).
 */
export async function callProvider(
  provider: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  { timeoutMs, movesMoney }: { timeoutMs: number; movesMoney: boolean },
): Promise<ProviderResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    const surelyNotSent = code !== undefined && NOT_SENT.has(code);
    if (surelyNotSent || !movesMoney) {
      throw new PaymentError(PROVIDER_UNAVAILABLE, messages.payments.unavailable, 502, provider, `network: ${code ?? (err as Error).name}`);
    }
    throw new PaymentError(PROVIDER_OUTCOME_UNKNOWN, messages.payments.outcomeUnknown, 502, provider, `network: ${code ?? (err as Error).name}`);
  }
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text for the caller's error.
  }
  return { status: res.status, body };
}
