/** Spanish server messages of the business conference's agenda area (part of the one catalogue, src/messages/es.ts). */
export const agenda = {
  meetingNotFound: 'No encontramos esa reunión en esta rueda.',
  meetingNotAccepted: 'Solo se programan reuniones aceptadas.',
  slotUnknown: 'Ese horario no pertenece a la rueda.',
  tableInvalid: 'Elige una mesa entre 1 y el número de mesas de la rueda.',
  personBusy: 'Uno de los participantes ya tiene otra reunión en ese horario.',
  tableTaken: 'Esa mesa ya está ocupada en ese horario.',
  slotUnavailable: 'Uno de los participantes marcó ese horario como no disponible.',
  notPlaced: 'La reunión no está programada.',
  nothingToPublish: 'No hay reuniones programadas para publicar.',
  noSlots: 'La rueda no tiene horarios: configura sus días y la duración de las reuniones.',
  participantNotFound: 'No encontramos a ese participante en esta rueda.',
  notYourSlots: 'Solo puedes marcar tus propios horarios no disponibles.',
  notOrganizer: 'Solo el equipo organizador puede programar la agenda.',
  agendaChanged: 'La agenda cambió mientras la revisabas. Recarga la página y vuelve a intentarlo.',
  notificationTitle: 'Tu agenda de reuniones está lista',
  notificationBody: (round: string, count: number) =>
    count === 1 ? `La agenda final de "${round}" está publicada: tienes 1 reunión programada.` : `La agenda final de "${round}" está publicada: tienes ${count} reuniones programadas.`,
};
