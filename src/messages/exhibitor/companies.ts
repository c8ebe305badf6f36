/** Spanish server messages of the exhibitor module's companies (part of the one catalogue, src/messages/es.ts). */
export const companies = {
  notFound: 'La empresa expositora no existe en este evento.',
  exists: 'Ese identificador ya se usó para otra empresa. Vuelve a intentarlo.',
  stale: 'Otra persona cambió la empresa mientras la editabas. Vuelve a cargarla.',
  rucInvalid: 'El RUC no es válido: debe tener 11 dígitos y un dígito verificador correcto.',
  rucTaken: (ruc: string) => `Ya hay una empresa con el RUC ${ruc} en este evento.`,
  nameRequired: 'Escribe el nombre de la empresa.',
  nameTooLong: (max: number) => `El nombre puede tener hasta ${max} caracteres.`,
  sectorTooLong: (max: number) => `El sector puede tener hasta ${max} caracteres.`,
  quotaBelowUsed: (used: number) => `El cupo no puede ser menor que las ${used} invitaciones ya enviadas.`,
  logoMissing: 'Adjunta el logo de la empresa (campo logo).',
  logoTooLarge: 'El logo puede pesar hasta 1 MB.',
  logoType: 'El logo debe ser una imagen JPEG, PNG o WebP.',
} as const;
