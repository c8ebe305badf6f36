/**
 * The server's catalogue of user-facing messages (Spanish). Every `messagePublic` the API sends comes from
 * here, so the texts of the spec live in one place. Group keys by module; keep the spec's texts verbatim.
 */
export const messages = {
  http: {
    400: { title: 'SOLICITUD NO PROCESADA', message: 'LOS DATOS ENVIADOS SON INCORRECTOS.' },
    401: { title: 'NO TIENES AUTORIZACIÓN', message: 'No tienes autorización para acceder a esta página, comunícate con el administrador.' },
    403: { title: 'ACCESO DENEGADO', message: 'No tienes permiso para acceder a esta página.' },
    404: { title: 'ERROR 404 - PÁGINA NO ENCONTRADA', message: 'La página o el recurso solicitado no existe.' },
    409: { title: 'CONFLICTO', message: 'Los datos cambiaron mientras realizabas la operación. Vuelve a cargar e inténtalo de nuevo.' },
    413: { title: 'SOLICITUD DEMASIADO GRANDE', message: 'El archivo o los datos enviados superan el tamaño permitido.' },
    429: { title: 'DEMASIADAS SOLICITUDES', message: 'Has realizado demasiados intentos. Espera un momento e inténtalo de nuevo.' },
    500: { title: 'ERROR INESPERADO :(', message: 'No se pudo completar la solicitud, inténtalo de nuevo.' },
    503: { title: 'SERVICIO NO DISPONIBLE', message: 'El servicio no está disponible en este momento, inténtalo más tarde.' },
  },
  eventStore: {
    conflict: 'Los datos cambiaron mientras realizabas la operación. Vuelve a cargar e inténtalo de nuevo.',
    duplicate: 'El valor ya está en uso.',
  },
  validation: {
    invalid: 'LOS DATOS ENVIADOS SON INCORRECTOS.',
  },
  // Module sections below: each module owns its key (accounts, events, chat, notifications, ...).
} as const;

export type Messages = typeof messages;
