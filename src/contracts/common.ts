import { z } from 'zod';

/**
 * Schemas shared by the server and the web app. Messages are Spanish because the web forms show them
 * beside each field.
 */
export const uuid = z.uuid({ message: 'Identificador no válido.' });
export const nonEmpty = (max = 200) =>
  z.string().trim().min(1, { message: 'Este campo es obligatorio.' }).max(max, { message: `Máximo ${max} caracteres.` });

/** Idempotency: a client-made id for a command (UUID). */
export const clientId = uuid;

/** Paging for lists (Data Grid server-side paging). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export interface ApiError {
  status: number;
  message: string;
  messagePublic: string;
  code?: string;
  errors?: { path: string; message: string }[];
}
