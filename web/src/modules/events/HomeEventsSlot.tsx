import EventIcon from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePublishedEventsQuery } from './api';
import { EmptyState } from './components/common';
import { EventCard, EventGrid, EventGridSkeleton } from './components/EventCard';

/** The published events listed on the home page under "Eventos publicados". */
export function HomeEventsSlot() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = usePublishedEventsQuery({ page: 0, pageSize: 24 });
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
  return (
    <EventGrid>
      {data.data.map((ev) => (
        <EventCard key={ev._id} ev={ev} />
      ))}
    </EventGrid>
  );
}
