import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';
import { useParams } from 'react-router-dom';
import Pagination from '@mui/material/Pagination';
import { useEffect, useState } from 'react';
import { PUBLIC_PAGE_SIZE, useSearchEvents } from './useSearchEvents';
import { EmptyState } from '../components/common';
import { EventCard, EventGrid, EventGridSkeleton } from '../components/EventCard';

/** /searchEvent/{search}: published events matching the text (accent-insensitive, partial words and typos; best first). */
export function Component() {
  const { t } = useTranslation();
  const search = (useParams().search ?? '').trim();
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [search]);
  const { data, isLoading, isError } = useSearchEvents(search, page);
  const pages = data ? Math.ceil(data.total / PUBLIC_PAGE_SIZE) : 0;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, fontSize: { xs: 26, md: 32 }, overflowWrap: 'anywhere' }}>
        {search ? t('events.search.title', { search }) : t('events.search.titleEmpty')}
      </Typography>
      {data && search && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('events.search.count', { count: data.total })}
        </Typography>
      )}
      <Box sx={{ mt: 3 }}>
        {!search ? (
          <EmptyState icon={<SearchOffIcon />} title={t('events.search.typeSomething')} />
        ) : isLoading ? (
          <EventGridSkeleton />
        ) : isError || !data ? (
          <EmptyState icon={<SearchOffIcon />} title={t('events.search.error')} />
        ) : data.data.length === 0 ? (
          <EmptyState icon={<SearchOffIcon />} title={t('events.search.empty', { search })} text={t('events.search.emptyText')} />
        ) : (
          <>
            <EventGrid>
              {data.data.map((ev) => (
                <EventCard key={ev._id} ev={ev} />
              ))}
            </EventGrid>
            {pages > 1 && (
              <Pagination sx={{ mt: 3, display: 'flex', justifyContent: 'center' }} count={pages} page={page + 1} onChange={(_e, p) => setPage(p - 1)} color="primary" />
            )}
          </>
        )}
      </Box>
    </Container>
  );
}
