import { z } from 'zod';

/** Taxpayer-type prefixes of a RUC: 10 persons, 15/16/17 other taxpayers, 20 companies. */
const RUC_PREFIXES = ['10', '15', '16', '17', '20'];

/**
 * What is wrong with a Peruvian RUC, or null: 11 digits, a taxpayer-type prefix, and SUNAT's check digit (modulo
 * 11 over the first ten digits with weights 5,4,3,2,7,6,5,4,3,2; 10 counts as 0 and 11 as 1). Shared by the store
 * (company orders, invoice data, the buyer's factura) and the business conference (participants' companies).
 */
export function rucProblem(ruc: string): 'format' | 'prefix' | 'checkDigit' | null {
  if (!/^\d{11}$/.test(ruc)) return 'format';
  if (!RUC_PREFIXES.includes(ruc.slice(0, 2))) return 'prefix';
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(ruc[i]), 0);
  return (11 - (sum % 11)) % 10 === Number(ruc[10]) ? null : 'checkDigit';
}

export const isValidRuc = (ruc: string): boolean => rucProblem(ruc) === null;

/** A RUC field, each mistake with its own Spanish message. */
export const rucSchema = z
  .string()
  .trim()
  .refine((v) => rucProblem(v) !== 'format', { message: 'El RUC tiene 11 dígitos.' })
  .refine((v) => rucProblem(v) !== 'prefix', { message: 'El RUC empieza por 10, 15, 16, 17 o 20.' })
  .refine(isValidRuc, { message: 'El RUC no es válido: revisa sus dígitos.' });
