import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './es.json';

// The product is Spanish only; every module keeps its strings under its own top-level key of es.json.
void i18next.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  resources: { es: { translation: es } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;
export const t = i18next.t.bind(i18next);
