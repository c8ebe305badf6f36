/** Spanish server messages of the CRM's matching, merge, import, inflow and integration area (part of src/messages/es.ts). */
export const crmImport = {
  phoneTaken: (phone: string) => `Ya existe un contacto con el teléfono ${phone}.`,
  mergeSelf: 'Elige dos contactos distintos para fusionarlos.',
};
