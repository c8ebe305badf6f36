import dayjs from 'dayjs';
import 'dayjs/locale/es';

// The product is Spanish only. Modules import dayjs from here (not from 'dayjs') so the locale is set before
// any date is formatted, and dayjs loads with the first page that shows a date rather than with every page.
dayjs.locale('es');

export default dayjs;
