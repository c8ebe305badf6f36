/** Spanish server messages of the CRM's groups, tasks, report and erasure (part of the one catalogue, src/messages/es.ts). */
export const groups = {
  groupNotFound: 'El grupo no existe o fue eliminado.',
  groupNameRequired: 'Escribe el nombre del grupo.',
  filterRequired: 'Un grupo por filtro necesita al menos una condición.',
  filterOnStatic: 'Un grupo estático no tiene filtro: agrega o quita contactos.',
  membersOnFilter: 'Los miembros de un grupo por filtro salen de su filtro: no se agregan ni se quitan a mano.',
  filterFieldUnknown: (field: string) => `No se puede filtrar por «${field}».`,
  filterValueRequired: (field: string) => `La condición sobre «${field}» necesita un valor.`,
  filterDateInvalid: (field: string) => `La condición sobre «${field}» necesita una fecha válida.`,
  contactsNotFound: (n: number) => `${n} de los contactos no existen o son de otro organizador.`,
  taskNotFound: 'La tarea no existe o fue eliminada.',
  taskTitleRequired: 'Escribe el título de la tarea.',
  taskOwnerInvalid: 'El responsable debe ser el organizador o un miembro de su equipo.',
  taskContactNotFound: 'El contacto de la tarea no existe o fue eliminado.',
  taskCompanyNotFound: 'La empresa de la tarea no existe o fue eliminada.',
  taskReminder: (title: string) => `Recordatorio: vence la tarea «${title}».`,
  contactErased: 'Los datos personales de este contacto fueron suprimidos.',
};
