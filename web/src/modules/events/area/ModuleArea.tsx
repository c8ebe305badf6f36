import AddIcon from '@mui/icons-material/Add';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../accounts/api';
import { useAppDispatch } from '../../../app/store';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { eventsApi, setAccessContext, useValidateRoleQuery } from '../api';
import { PublishFlow } from '../components/PublishFlow';
import { menuFor, RESERVED_WORDS } from '../menus';
import { ModuleAreaContext, modulePath, type ModuleAreaValue } from './context';
import { ModuleDrawer } from './ModuleDrawer';
import { EventStatusChip } from '../components/common';
import { RoundRedirects, RoundSelector, useConferenceRounds } from '../../businessConference/rounds/RoundToolbar';
import { CompanySelector } from '../../exhibitor/CompanySelector';
import { useCurrentCompany } from '../../exhibitor/useCompany';

/** Spec breakpoint: the publish button and the side menu need a wide screen (1060 px). */
const WIDE = '(min-width:1060px)';
const SIDE_WIDTH = 232;

/**
 * Layout of /module/{administrator}/{event}/{module}/{page...}: the event toolbar (module selector, event
 * selector by eventCode, publish button) and the module drawer built from the user's role.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const wide = useMediaQuery(WIDE, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const user = useCurrentUser();

  const administrator = params.administrator!;
  const eventParam = params.event && !(RESERVED_WORDS as readonly string[]).includes(params.event) ? params.event : undefined;
  const module = params.module;
  const page = params['*'] ? `/${params['*'].replace(/\/+$/, '')}` : '';

  // Business conference: the toolbar's round; a participant's role is the one held in it.
  const conference = useConferenceRounds(module, eventParam);
  // Exhibitor module: the toolbar's company; an exhibitor's role is the one held in it.
  const exhibitor = useCurrentCompany(module === 'exhibitor' ? eventParam : undefined);
  const { data, error, isFetching, isLoading } = useValidateRoleQuery(
    { client: administrator, event: eventParam, module, page, businessConference: conference.round?._id, exhibitorCompany: exhibitor.company?._id },
    { skip: conference.loading || exhibitor.loading },
  );

  // Changing event or administrator resets permissions (spec section 4).
  useEffect(() => {
    dispatch(eventsApi.util.invalidateTags(['Permissions']));
  }, [administrator, eventParam, dispatch]);

  const event = data?.event ?? undefined;
  const role = module ? data?.role?.[module] : undefined;
  const base = event && module ? modulePath(administrator, event.eventCode, module) : `/module/${encodeURIComponent(administrator)}`;
  // Who may publish this event from this module; on a narrow screen the toolbar has no room for the button
  // (spec breakpoint), so the dashboard's checklist offers it instead (publishInPage).
  const publisher = !!event && module !== 'businessConference' && role === 'administrator' && !!data?.actions.includes('event.publish');
  const value: ModuleAreaValue = useMemo(
    () => ({ administrator, eventParam, module, page, roleData: data, eventId: event?._id, eventCode: event?.eventCode, role, base, publishInPage: publisher && !wide }),
    [administrator, eventParam, module, page, data, event?._id, event?.eventCode, role, base, publisher, wide],
  );

  // Headers of the spec for the page's calls; layout effects run before the pages' fetching effects.
  useLayoutEffect(() => {
    setAccessContext({ client: administrator, eventId: event?._id, module: event ? module : undefined, page, businessConference: conference.round?._id, exhibitorCompany: exhibitor.company?._id });
    return () => setAccessContext({});
  }, [administrator, event?._id, module, page, conference.round?._id, exhibitor.company?._id]); // eslint-disable-line react-hooks/exhaustive-deps

  const hasMenu = !!module && menuFor(module, role).length > 0;
  // Mounted for the publisher whether or not the event is published yet: the publish's loading dialog must
  // outlive the reload that shows the event published (the button itself hides then).
  const mayPublish = publisher && wide;

  const changeModule = (m: string) => {
    if (event) navigate(modulePath(administrator, event.eventCode, m));
  };
  const changeEvent = (code: string) => {
    const target = data?.events.find((e) => e.eventCode === code);
    if (!target) return;
    // Keep the module if the user holds it there; the module area resolves the role again.
    navigate(modulePath(target.ownerId, code, module ?? 'store'));
  };

  // /module/{userId}/settings: the settings module of the administrator (reserved word, no event).
  const settingsArea = !eventParam && pathname.split('/')[3] === 'settings' && user?._id === administrator;
  const settingsPage = pathname.split('/')[4] === 'user' ? '/user' : '';
  // /module/{userId}/contacts/...: the contacts module of the administrator (reserved word, no event).
  // /module/{userId}/mails/... likewise: the mailing module of the administrator.
  const clientModule = pathname.split('/')[3];
  const contactsArea = !eventParam && (clientModule === 'contacts' || clientModule === 'mails') && user?._id === administrator;
  const contactsPage = contactsArea ? `/${pathname.split('/').slice(4).join('/')}`.replace(/\/+$/, '') : '';
  // The team page (/module/{userId}/users, also settings/user) picks its event in the page itself (the owner's
  // events only): a second selector in the toolbar, which would leave for the event's store, is not shown there.
  const ownEventPicker = !eventParam && (pathname.split('/')[3] === 'users' || (settingsArea && settingsPage === '/user'));

  const drawer = contactsArea ? (
    <ModuleDrawer
      base={`/module/${encodeURIComponent(administrator)}/${clientModule}`}
      module={clientModule}
      role="administrator"
      page={contactsPage}
      maximumPrice={0}
      businessConferences={0}
      onNavigate={() => setDrawerOpen(false)}
    />
  ) : settingsArea ? (
    <ModuleDrawer
      base={`/module/${encodeURIComponent(administrator)}/settings`}
      module="settings"
      role="administrator"
      page={settingsPage}
      maximumPrice={0}
      businessConferences={0}
      onNavigate={() => setDrawerOpen(false)}
    />
  ) : hasMenu && event && module ? (
      <ModuleDrawer
        base={base}
        module={module}
        role={role}
        page={page}
        maximumPrice={data?.ticket.maximumPrice ?? 0}
        businessConferences={module === 'businessConference' ? conference.rounds.length : (data?.businessConferences.length ?? 0)}
        onNavigate={() => setDrawerOpen(false)}
      />
    ) : null;

  return (
    <ModuleAreaContext.Provider value={value}>
      <RoundRedirects state={conference} />
      <Paper
        square
        elevation={0}
        component="section"
        aria-label={t('events.area.toolbar')}
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1.5, sm: 2.5 }, py: 1.25, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', position: 'relative' }}
      >
        {drawer && !wide && (
          <IconButton aria-label={t('events.area.openModuleMenu')} onClick={() => setDrawerOpen(true)} edge="start">
            <MenuOpenIcon />
          </IconButton>
        )}
        {event && data && data.modules.length > 0 && (
          <FormControl size="small" sx={{ minWidth: 170 }}>
            <InputLabel id="module-select-label">{t('events.area.module')}</InputLabel>
            <Select
              labelId="module-select-label"
              label={t('events.area.module')}
              value={module && data.modules.some((m) => m.module === module) ? module : ''}
              onChange={(e) => changeModule(String(e.target.value))}
              data-testid="module-select"
            >
              {data.modules.map((m) => (
                <MenuItem key={m.module} value={m.module}>
                  {t(`events.modules.${m.module}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        {data && data.events.length > 0 && !ownEventPicker && (
          <FormControl size="small" sx={{ minWidth: 200, maxWidth: { xs: '100%', sm: 320 }, flex: { xs: '1 1 200px', sm: '0 1 auto' } }}>
            <InputLabel id="event-select-label">{t('events.area.event')}</InputLabel>
            <Select
              labelId="event-select-label"
              label={t('events.area.event')}
              value={event && data.events.some((e) => e.eventCode === event.eventCode) ? event.eventCode : ''}
              onChange={(e) => changeEvent(String(e.target.value))}
              data-testid="event-select"
              renderValue={(code) => data.events.find((e) => e.eventCode === code)?.eventName ?? code}
            >
              {data.events.map((e) => (
                <MenuItem key={e._id} value={e.eventCode}>
                  <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                    <span>{e.eventName}</span>
                    <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
                      {e.eventCode}
                    </Box>
                  </Box>
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        {event && module === 'businessConference' && <RoundSelector state={conference} />}
        {event && module === 'exhibitor' && <CompanySelector state={exhibitor} />}
        {event && (
          <EventStatusChip published={event.published} cancelled={!!event.cancelledAt} />
        )}
        <Box sx={{ flex: 1 }} />
        {mayPublish && event && (
          <PublishFlow
            eventId={event._id}
            // A cancelled event is never published again (the server refuses it too).
            published={event.published || !!event.cancelledAt}
            ticketsPath={modulePath(administrator, event.eventCode, 'store', '/tickets')}
            paymentPath={modulePath(administrator, event.eventCode, 'store', '/manage/paymentMethods')}
          />
        )}
        {!event && pathname.split('/')[3] !== 'create' && (
          <Button component={RouterLink} to={`/module/${encodeURIComponent(administrator)}/create`} startIcon={<AddIcon />} variant="outlined">
            {t('events.area.createEvent')}
          </Button>
        )}
        {isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} />}
      </Paper>
      <Box sx={{ display: 'flex', minWidth: 0 }}>
        {drawer && wide && (
          <Box component="aside" sx={{ width: SIDE_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 'calc(100vh - 130px)' }}>
            {drawer}
          </Box>
        )}
        {drawer && !wide && (
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            <Box sx={{ width: 270, pt: 1 }}>{drawer}</Box>
          </Drawer>
        )}
        <Box sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
          {error ? <ErrorView {...describeError(error)} /> : isLoading ? <LinearProgress aria-label={t('common.loading')} /> : <Outlet />}
        </Box>
      </Box>
    </ModuleAreaContext.Provider>
  );
}
