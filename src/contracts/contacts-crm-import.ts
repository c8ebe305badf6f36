/**
 * Contracts of the CRM's matching, import, export, inflow and integration area (issue 22); the contacts core's
 * own schemas are in ./contacts.ts.
 */
import { z } from 'zod';
import { recordGridQuery } from './contacts.js';

/** An export of a grid's current view (same search, filter and sort) as CSV (default) or XLSX. */
export const recordExportQuery = recordGridQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type RecordExportQuery = z.infer<typeof recordExportQuery>;

/** Merge: the contact of the URL is kept, `otherId` goes away into it. */
export const mergeContactRequest = z.object({ otherId: z.string().min(1).max(80), expectedVersion: z.number().int().min(0).optional() });
export type MergeContactRequest = z.infer<typeof mergeContactRequest>;
