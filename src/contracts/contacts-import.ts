/** Requests, answers and the socket push of the CRM's CSV/XLSX import (issue 22), shared by server and web. */
import { z } from 'zod';

export const IMPORT_TARGET_FIELDS = ['name', 'email', 'phone', 'emailConsent', 'whatsappConsent'] as const;
export type ImportTargetField = (typeof IMPORT_TARGET_FIELDS)[number];

export const importParams = z.object({ client: z.string().min(1).max(80), id: z.string().min(8).max(100) });
export const startImportBody = z.object({
  /** Target field -> the file's column index (0-based); fields left out are not imported. */
  mapping: z.object(Object.fromEntries(IMPORT_TARGET_FIELDS.map((f) => [f, z.number().int().min(0).max(500).optional()])) as Record<ImportTargetField, z.ZodOptional<z.ZodNumber>>),
  /** The country of phones written without "+" (ISO 3166 alpha-2). */
  defaultCountry: z.string().regex(/^[A-Z]{2}$/).default('PE'),
});
export type StartImportBody = z.infer<typeof startImportBody>;

export interface ImportDto {
  id: string;
  fileName: string;
  columns: string[];
  /** The first rows of the file as read, for the mapping step. */
  preview?: string[][];
  rowCount: number;
  status: 'uploaded' | 'running' | 'completed';
  mapping: Partial<Record<ImportTargetField, number>> | null;
  processed: number;
  created: number;
  updated: number;
  failed: number;
  createdAt: string;
  updatedAt: string;
}

export const IMPORT_UPDATED_SOCKET_EVENT = 'contactsImport:updated';
export type ContactsImportServerToClientEvents = { [IMPORT_UPDATED_SOCKET_EVENT]: (payload: { import: ImportDto; position: string }) => void };
