import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PARTICIPANT_TYPES, fieldsForType, offers, type ParticipantType } from '@contracts/businessConference-participants';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useBcpCompanyQuery, useBcpPublicRoundQuery } from './api';
import { CompanyCard } from './components';

const P = 'businessConference.participants';
const Q = `${P}.publicParticipant`;

/**
 * /{eventCode}/businessConference/{BCCode}/{type}/participant/{idParticipant}: one approved participant's company
 * card (and an offerer's products) for a signed-in user of that round. The event code and BCCode resolve to the
 * round through the public round endpoint; the card endpoint lets only the round's team and its participants in
 * (403/404 in Spanish otherwise), so this page needs no access check of its own.
 */
export function Component() {
  const { t } = useTranslation();
  const { eventCode = '', BCCode = '', type = '', idParticipant = '' } = useParams();
  const validType = PARTICIPANT_TYPES.includes(type as ParticipantType);
  const pub = useBcpPublicRoundQuery({ eventCode, code: BCCode }, { skip: !eventCode || !validType });
  const roundId = pub.data?.round._id;
  const card = useBcpCompanyQuery({ roundId: roundId ?? '', participantId: idParticipant }, { skip: !roundId || !idParticipant });

  if (!validType || !idParticipant) return <ErrorView status={404} />;
  if (pub.error) return <ErrorView {...describeError(pub.error)} />;
  if (card.error) return <ErrorView {...describeError(card.error)} />;
  if (!pub.data || !card.data) return <LinearProgress aria-label={t(`${Q}.loading`)} />;

  const { round, event } = pub.data;
  const { company, products } = card.data;
  const showProducts = offers(company.type);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 2 }} data-testid="public-participant">
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {t(`${Q}.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`${P}.roundLine`, { round: round.name, event: event.eventName })}</Typography>
      </Box>
      <CompanyCard card={{ ...company, productCount: products.length }} roundId={round._id} canRequest={false} defs={fieldsForType(company.type, round)} />
      {showProducts && (
        <Paper variant="outlined" component="section" aria-labelledby="public-participant-products" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Typography id="public-participant-products" component="h2" sx={{ fontWeight: 700 }}>
            {t(`${Q}.products`)}
          </Typography>
          {products.length === 0 && <Typography color="text.secondary">{t(`${Q}.noProducts`)}</Typography>}
          {products.map((x) => (
            <Box key={x._id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }} data-testid={`public-product-${x._id}`}>
              <Avatar variant="rounded" src={x.imageUrl ?? undefined} alt="" />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{x.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {x.sector}
                  {x.description ? ` · ${x.description}` : ''}
                </Typography>
              </Box>
            </Box>
          ))}
        </Paper>
      )}
      <Box>
        <Button component={RouterLink} to={`/e/${encodeURIComponent(eventCode)}`}>
          {t(`${P}.backToEvent`)}
        </Button>
      </Box>
    </Container>
  );
}
