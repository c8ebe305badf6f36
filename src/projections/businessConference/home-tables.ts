import type { Generated } from 'kysely';

/** Read-model tables of the business conference's home area (SQL in migrations/0760_bc_home.sql). */
export interface BcHomeTables {
  bc_tours: {
    user_id: string;
    offer_module: Generated<boolean>;
    offer_product_catalogue: Generated<boolean>;
    demand_module: Generated<boolean>;
    updated_at: Date | string;
  };
  bc_home_settings: {
    event_id: string;
    /** jsonb array of minutes, largest first. */
    offsets: number[] | string;
    email: boolean;
    support_phone: string | null;
    support_email: string | null;
    version: number;
    updated_at: Date | string;
  };
}
