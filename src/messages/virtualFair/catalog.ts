/** Spanish server messages of the virtual fair's platform catalogue (part of the one catalogue, src/messages/es.ts). */
export const catalog = {
  notFound: 'Ese elemento del catálogo no existe.',
  exists: 'Ese identificador ya se usó para otro elemento. Vuelve a intentarlo.',
  stale: 'Otra persona cambió este elemento mientras lo editabas. Vuelve a cargarlo.',
  archived: 'Este elemento está archivado: ya no se puede editar.',
  nameRequired: 'Escribe el nombre.',
  nameTooLong: (max: number) => `El nombre puede tener hasta ${max} caracteres.`,
  descriptionTooLong: (max: number) => `La descripción puede tener hasta ${max} caracteres.`,
  urlInvalid: 'El enlace debe empezar por http:// o https://.',
  slotsRequired: 'Un recinto necesita al menos un espacio para pabellones.',
};
