import EventIcon from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { usePublishedEventsQuery } from './api';
import { EmptyState } from './components/common';
import { EventCard, EventGrid, EventGridSkeleton } from './components/EventCard';

const PAGE_SIZE = 24;

// The pager (MUI Pagination, about 3.5 KB gzip) loads only when there is more than one page of events.
const Pagination = lazy(() => import('@mui/material/Pagination'));

/** The published events listed on the home page under "Eventos publicados". */
export function HomeEventsSlot() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, isLoading, isError } = usePublishedEventsQuery({ page, pageSize: PAGE_SIZE });
  if (isLoading) return <EventGridSkeleton />;
  if (isError || !data) return <EmptyState icon={<EventIcon />} title={t('events.homeList.error')} />;
  if (data.data.length === 0) {
    return (
      <EmptyState
        icon={<EventIcon />}
        title={t('events.homeList.empty')}
        text={t('events.homeList.emptyText')}
        action={
          <Button component={RouterLink} to="/module" variant="contained">
            {t('events.homeList.create')}
          </Button>
        }
      />
    );
  }
  const pages = Math.ceil(data.total / PAGE_SIZE);
  return (
    <>
      <EventGrid>
        {data.data.map((ev) => (
          <EventCard key={ev._id} ev={ev} />
        ))}
      </EventGrid>
      {pages > 1 && (
        <Suspense fallback={null}>
          <Pagination sx={{ mt: 3, display: 'flex', justifyContent: 'center' }} count={pages} page={page + 1} onChange={(_e, p) => setPage(p - 1)} color="primary" />
        </Suspense>
      )}
    </>
  );
}
