/** Spanish server messages of the business conference's home area (part of the one catalogue, src/messages/es.ts). */
export const home = {
  tourEmpty: 'Indica qué parte del recorrido se actualiza.',
  tourRoleNotHeld: 'No participas en la rueda de negocios con ese rol.',
  reminderOffsetInvalid: (min: number, max: number) => `Cada recordatorio debe enviarse entre ${min} y ${max} minutos antes de la reunión.`,
  remindersTooMany: (max: number) => `Puedes configurar hasta ${max} recordatorios.`,
  supportPhoneInvalid: 'El teléfono de soporte no es válido.',
  supportEmailInvalid: 'El correo de soporte no es válido.',
  generalRoomForbidden: 'Solo los participantes aprobados de esta rueda de negocios y el equipo del evento pueden entrar a su sala general.',
  reminderSubject: (minutes: string, company: string) => `Tu reunión con ${company} empieza en ${minutes}`,
  minutes: (n: number) => (n % 60 === 0 ? (n === 60 ? '1 hora' : `${n / 60} horas`) : n === 1 ? '1 minuto' : `${n} minutos`),
  reminderBody: (v: { name: string; company: string; round: string; event: string; when: string; place: string; link: string }) =>
    [
      `Hola ${v.name}:`,
      '',
      `Te recordamos tu reunión de la rueda de negocios "${v.round}" (${v.event}).`,
      `Con: ${v.company}`,
      `Cuándo: ${v.when}`,
      `Dónde: ${v.place}`,
      '',
      'Ingresa 5 minutos antes de tu cita.',
      `Tu agenda: ${v.link}`,
    ].join('\n'),
  reminderTable: (n: number) => `Mesa ${n}`,
  reminderVirtual: (room: string) => `Sala virtual: ${room}`,
  reminderVirtualPending: 'Sala virtual (el enlace está en tu agenda)',
};
