/** A timestamp column (pg gives Date, a raw query may give text) as the ISO string the contracts carry. */
export const isoReq = (v: Date | string): string => new Date(v).toISOString();

/** The same for a nullable column. */
export const iso = (v: Date | string | null): string | null => (v === null ? null : isoReq(v));
