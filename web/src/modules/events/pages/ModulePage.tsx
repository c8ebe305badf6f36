import LinearProgress from '@mui/material/LinearProgress';
import { Navigate } from 'react-router-dom';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from '../../../i18n';
import { ErrorView } from '../../../components/ErrorPage';
import { useModuleArea } from '../area/context';
import { storePages } from '../../sales/storePages';
import { conferencePages } from '../../businessConference/conferencePages';
import { exhibitorPages } from '../../exhibitor/pages';
import { ConferenceLayer } from '../../businessConference/home/layer';
import { matchPage, PageParamsContext } from './pageMatch';

const Tickets = lazy(() => import('./TicketsPage'));
const PaymentMethods = lazy(() => import('./PaymentMethodsPage'));
const History = lazy(() => import('./HistoryPage'));
const ModuleHome = lazy(() => import('./ModuleHomePage'));
const Team = lazy(() => import('./CollaboratorsPage').then((m) => ({ default: m.Component })));

/** Built pages per module (route suffix -> page). Other pages of the menus are disabled there, so 404 here. */
const PAGES: Record<string, Record<string, LazyExoticComponent<ComponentType>>> = {
  // The sales module's pages come last: they replace the events module's where both have one (manage/settings); the
  // store's Tablero ('') is the sales module's.
  store: { '/tickets': Tickets, '/manage/settings': PaymentMethods, '/manage/paymentMethods': PaymentMethods, '/history': History, ...storePages },
  // The business conference's Tablero ('') is its own once built.
  businessConference: { '': ModuleHome, ...conferencePages },
  exhibitor: { '': ModuleHome, ...exhibitorPages },
  settings: { '': ModuleHome, '/user': Team },
};

/** /module/{administrator}/{event}/{module}/{page...}: checks the role's pages, then shows the page. */
export function Component() {
  const { t } = useTranslation();
  const { administrator, module, page, role, roleData } = useModuleArea();
  // The contacts module is the administrator's, not the event's (spec section 2): its pages live at
  // /module/{administrator}/contacts/{page} (web/src/modules/contacts), where the module selector's link (to the event's) is sent on.
  if (module === 'contacts' || module === 'mails') return <Navigate to={`/module/${encodeURIComponent(administrator)}/${module}${page}`} replace />;
  if (!module || !roleData?.event) return <ErrorView status={404} />;
  // Same rule as the server's (pageAllowed): a listed page or below one; administrators any page, so a page of
  // theirs that is not built yet is a 404, not a 403.
  const allowed = roleData.anyPage || roleData.pages.some((p) => p === page || (page.startsWith(`${p}/`) && p !== ''));
  if (!role || !allowed) {
    // Store collaborators without the Tablero (register, cash register, ...) land on the event summary.
    if (role && page === '') return <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}><ModuleHome /></Suspense>;
    return <ErrorView status={403} />;
  }
  // An exact suffix first, then a parameterized one ('/offer/schedules/:id') whose parts the page reads.
  const match = matchPage(PAGES[module], page);
  const Page = match?.value ?? (page === '' ? ModuleHome : undefined);
  if (!Page) return <ErrorView status={404} />;
  const Shown = module === 'store' && page === '' && role !== 'administrator' ? ModuleHome : Page;
  return (
    <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
      <PageParamsContext.Provider value={match?.params ?? {}}>
        <Shown />
      </PageParamsContext.Provider>
      {module === 'businessConference' && <ConferenceLayer />}
    </Suspense>
  );
}
