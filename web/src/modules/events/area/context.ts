import { createContext, useContext } from 'react';
import type { RoleData } from '../api';

/** What every page of the module area knows: the client, the event (if any), the module, the user's role. */
export interface ModuleAreaValue {
  administrator: string;
  /** Event segment of the URL (eventCode or id), or undefined on reserved-word pages. */
  eventParam?: string;
  module?: string;
  /** Page below the module: '' (Tablero), '/tickets', ... */
  page: string;
  roleData?: RoleData;
  eventId?: string;
  eventCode?: string;
  role?: string;
  /** Base path of the current module: /module/{administrator}/{eventCode}/{module}. */
  base: string;
  /** The user may publish but the screen is too narrow for the toolbar's button: pages offer it themselves. */
  publishInPage?: boolean;
}

export const ModuleAreaContext = createContext<ModuleAreaValue | null>(null);

export function useModuleArea(): ModuleAreaValue {
  const v = useContext(ModuleAreaContext);
  if (!v) throw new Error('useModuleArea outside the module area');
  return v;
}

export const modulePath = (administrator: string, eventCode: string, module: string, page = '') =>
  `/module/${encodeURIComponent(administrator)}/${encodeURIComponent(eventCode)}/${module}${page}`;
