/** The CRM's report (`report` page): contacts by source, growth per week or month, consent per channel, campaigns. */
import { sql, type Kysely } from 'kysely';
import type { ContactsReportDto } from '../../contracts/contacts-groups.js';
import type { DB } from '../../db/schema.js';
import { campaignEngagementOf } from './campaign-queries.js';

/** A contact's source: its own `source` once contacts carry one (imports, inflow), else its consent's; "manual" when none. */
const SOURCE = sql`coalesce(nullif(c.source, 'manual'), nullif(c.profile->>'source', ''), nullif(c.profile#>>'{consent,email,source}', ''), nullif(c.profile#>>'{consent,whatsapp,source}', ''), 'manual')`;

export async function contactsReport(db: Kysely<DB>, clientId: string, period: 'week' | 'month'): Promise<ContactsReportDto> {
  const unit = sql.raw(period === 'week' ? "'week'" : "'month'");
  const [bySource, growth, consent, campaigns] = await Promise.all([
    sql<{ source: string; n: string }>`SELECT ${SOURCE} AS source, count(*) AS n FROM contacts_contacts c WHERE c.client_id = ${clientId} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 30`.execute(db),
    // The last 24 periods, Lima time (the platform's zone), empty ones included.
    sql<{ period: string; n: string }>`WITH p AS (
        SELECT generate_series(date_trunc(${unit}, now() AT TIME ZONE 'America/Lima') - (23 * ('1 ' || ${unit})::interval),
                               date_trunc(${unit}, now() AT TIME ZONE 'America/Lima'), ('1 ' || ${unit})::interval) AS start)
      SELECT to_char(p.start, 'YYYY-MM-DD') AS period,
        (SELECT count(*) FROM contacts_contacts c WHERE c.client_id = ${clientId}
           AND date_trunc(${unit}, c.created_at AT TIME ZONE 'America/Lima') = p.start) AS n
      FROM p ORDER BY p.start`.execute(db),
    sql<{ granted_e: string; withdrawn_e: string; granted_w: string; withdrawn_w: string; total: string }>`SELECT
        count(*) FILTER (WHERE email_consent = 'granted') AS granted_e, count(*) FILTER (WHERE email_consent = 'withdrawn') AS withdrawn_e,
        count(*) FILTER (WHERE whatsapp_consent = 'granted') AS granted_w, count(*) FILTER (WHERE whatsapp_consent = 'withdrawn') AS withdrawn_w,
        count(*) AS total
      FROM contacts_contacts WHERE client_id = ${clientId}`.execute(db),
    campaignEngagementOf(db, clientId),
  ]);
  const c = consent.rows[0];
  const total = Number(c.total);
  const channel = (name: 'email' | 'whatsapp', g: string, w: string) => {
    const granted = Number(g);
    const withdrawn = Number(w);
    return { channel: name, granted, withdrawn, none: total - granted - withdrawn, rate: total ? granted / total : 0 };
  };
  return {
    bySource: bySource.rows.map((r) => ({ source: r.source, contacts: Number(r.n) })),
    growth: growth.rows.map((r) => ({ period: r.period, contacts: Number(r.n) })),
    consent: [channel('email', c.granted_e, c.withdrawn_e), channel('whatsapp', c.granted_w, c.withdrawn_w)],
    // Clicks need the short links' read model (not built yet): null until it exists.
    campaigns: campaigns.map((x) => ({ _id: x.id, name: x.name, channel: x.channel, sent: x.sent, delivered: x.delivered, read: x.read, clicked: null })),
  };
}
