/** The published events listed on the home page under "Eventos publicados" (filled by the events module). */
export function HomeEventsSlot() {
  return null;
}
