import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorView } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../accounts/api';
import { matchPage, PageParamsContext } from '../events/pages/pageMatch';
import { contactsPages } from './pages';

/**
 * /module/{userId}/contacts/{page...}: the contacts module of the administrator (`contacts` stands in place of
 * the event). Only the organizer opens their own (the server refuses anyone else's contacts too); the page comes
 * from ./pages.ts, parameterized ones ('/contacts/:id') through the module area's matcher.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const user = useCurrentUser();
  if (!user || user._id !== params.administrator) return <ErrorView status={403} />;
  const page = params['*'] ? `/${params['*'].replace(/\/+$/, '')}` : '';
  const match = matchPage<(typeof contactsPages)[keyof typeof contactsPages]>(contactsPages, page);
  if (!match) return <ErrorView status={404} />;
  const Page = match.value;
  return (
    <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
      <PageParamsContext.Provider value={match.params}>
        <Page />
      </PageParamsContext.Provider>
    </Suspense>
  );
}
