import type { RouteObject } from 'react-router-dom';
import { withStrings } from '../../i18n';

const expo = (name: 'ExpoPage' | 'ReservationPage' | 'UpdatePage' | 'UploadCardPage' | 'PolicyPage') =>
  withStrings(['exhibitor'], () => import('./ExpoPages').then((m) => ({ Component: m[name] })));

/** The exhibitor module's public pages (spec "Expo variants"): the stand plan, a reservation, its data and materials. */
export const routes: RouteObject[] = [
  { path: 'expo/terms/confidentialityPolicy', lazy: expo('PolicyPage') },
  { path: 'expo/:eventCode', lazy: expo('ExpoPage') },
  { path: 'expo/:eventCode/reservation/:reservation', lazy: expo('ReservationPage') },
  { path: 'update/:order', lazy: expo('UpdatePage') },
  { path: 'uploadCard/:code', lazy: expo('UploadCardPage') },
];
