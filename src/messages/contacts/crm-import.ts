/** Spanish server messages of the CRM's matching, merge, import, inflow and integration area (part of src/messages/es.ts). */
export const crmImport = {
  phoneTaken: (phone: string) => `Ya existe un contacto con el teléfono ${phone}.`,
  mergeSelf: 'Elige dos contactos distintos para fusionarlos.',
  importNotFound: 'No encontramos esa importación.',
  importEmpty: 'El archivo no tiene filas de datos debajo de los encabezados.',
  importFileMissing: 'Adjunta un archivo CSV o XLSX.',
  importFileTooLarge: 'El archivo supera los 20 MB.',
  importFileUnreadable: 'No pudimos leer el archivo. Sube un CSV (separado por comas o punto y coma) o un XLSX.',
  importTooManyRows: 'El archivo tiene más de 200 000 filas. Divídelo en partes.',
  importStarted: 'Esta importación ya empezó con otra asignación de columnas.',
  importNameColumn: 'Elige la columna del nombre.',
  importContactColumn: 'Elige la columna del correo o la del teléfono.',
  importBadColumn: 'Esa columna no está en el archivo.',
  importColumnTwice: 'Una columna no puede asignarse a dos campos.',
  importEmailInvalid: 'El correo no es válido.',
  importNoContact: 'La fila no tiene correo ni teléfono.',
  importSource: 'Importación',
};
