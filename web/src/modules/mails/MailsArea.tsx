import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ErrorView } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../accounts/api';
import { matchPage, PageParamsContext } from '../events/pages/pageMatch';
import { mailsPages } from './pages';

/**
 * /module/{userId}/mails/{page...}: the mailing module of the administrator (`mails` stands in place of the event).
 * Only the organizer opens their own (the server refuses anyone else's campaigns too); the module has no Tablero,
 * its root opens the campaigns.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const user = useCurrentUser();
  if (!user || user._id !== params.administrator) return <ErrorView status={403} />;
  const page = params['*'] ? `/${params['*'].replace(/\/+$/, '')}` : '';
  if (page === '') return <Navigate to="massMailing" replace />;
  // Exact suffixes win over parameterized ones: '/massMailing/new' before '/massMailing/:id'.
  const match = matchPage<(typeof mailsPages)[keyof typeof mailsPages]>(mailsPages, page);
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
