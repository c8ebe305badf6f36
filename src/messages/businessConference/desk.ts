/** Spanish server messages of the business conference's desk area (part of the one catalogue, src/messages/es.ts). */
export const desk = {
  /** Spec 7 / 9: the success text of businessConferenceScheduleHelp (shown 4 s). */
  helpAsked: 'En breves momentos se conectará un administrador',
  meetingNotFound: 'No encontramos esta reunión.',
  notYourMeeting: 'No participas en esta reunión por ese lado.',
  meetingNotAccepted: 'Solo puedes pedir ayuda en una reunión aceptada.',
  participantNotFound: 'No encontramos a este participante en la rueda.',
  helpNotFound: 'No encontramos esta solicitud de ayuda.',
  helpTaken: (name: string) => `Esta solicitud ya la atiende ${name}.`,
  helpResolved: 'Esta solicitud ya fue resuelta.',
  helpNotTaken: 'Primero toma la solicitud para atenderla.',
  helpNotYours: (name: string) => `Esta solicitud la atiende ${name}: solo quien la tomó puede resolverla.`,
  someoneElse: 'otra persona del equipo',
  dayOutsideRound: 'Ese día no es parte de la rueda.',
  participantNotApproved: 'Este participante aún no fue aprobado.',
  outcomeTooEarly: 'Podrás responder cuando haya empezado la reunión.',
  outcomeNotPlaced: 'Esta reunión aún no tiene horario asignado.',
};
