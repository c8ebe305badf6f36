import { accessModule } from './access.js';
import { accountsModule } from './accounts.js';
import { businessConferenceModule } from './businessConference.js';
import { chatModule } from './chat.js';
import { contactsModule } from './contacts.js';
import { eventsModule } from './events.js';
import { exhibitorModule } from './exhibitor.js';
import type { ModuleManifest } from './manifest.js';
import { notificationsModule } from './notifications.js';
import { salesModule } from './sales.js';
import { virtualFairModule } from './virtualFair.js';

/**
 * Every module of the product, in registration order. The API routes, socket handlers, projections, jobs and
 * the OpenAPI document are assembled from this list (docs/architecture.md, "Adding a module").
 */
export const modules: readonly ModuleManifest[] = [accountsModule, eventsModule, chatModule, notificationsModule, accessModule, salesModule, businessConferenceModule, contactsModule, exhibitorModule, virtualFairModule];
