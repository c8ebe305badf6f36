import { lazy, type ComponentType } from 'react';
import { withStrings } from '../../i18n';

type Pages = typeof import('./EventCampaignPages');
const page = (name: keyof Pages) => lazy(withStrings(['mails'], () => import('./EventCampaignPages').then((m) => ({ default: m[name] as ComponentType }))));

/** The store's pages built by the mails module (spread into web/src/modules/sales/storePages.ts). */
export const mailsStorePages = {
  '/manageAttendees/campaignWhatsApp': page('CampaignWhatsAppPage'),
  '/manageAttendees/campaignWhatsApp/new': page('CampaignWhatsAppNewPage'),
  '/manageAttendees/campaignWhatsApp/:id': page('CampaignWhatsAppDetailPage'),
  '/manageAttendees/remindersWhatsApp': page('RemindersWhatsAppPage'),
  '/manageAttendees/remindersWhatsApp/new': page('RemindersWhatsAppNewPage'),
  '/manageAttendees/remindersWhatsApp/:id': page('RemindersWhatsAppDetailPage'),
};
