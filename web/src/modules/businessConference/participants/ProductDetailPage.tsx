import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { usePageParam } from '../../events/pages/pageMatch';
import { useCurrentRound } from '../rounds/useRound';
import { useBcpCatalogueQuery, useBcpCompanyQuery } from './api';
import { CompanyCard } from './components';
import { useMyParticipant } from './useMyParticipant';

const P = 'businessConference.participants';

/**
 * demand/product/{id} and offer/product/{id}: one product of the round's catalogue as a demander reads it, with its
 * company's card and "Solicitar reunión" (not on one's own product; an offerer sees its product as others do). The catalogue read (approved offerers only) is the source: a product outside it is a 404.
 */
export default function ProductDetailPage() {
  const { t } = useTranslation();
  const { base, page } = useModuleArea();
  const back = page.startsWith('/offer/') ? '/offer/productCatalog' : '/demand/productCatalog';
  const id = usePageParam('id') ?? '';
  const { round, loading } = useCurrentRound();
  const me = useMyParticipant();
  const catalogue = useBcpCatalogueQuery({ roundId: round?._id ?? '' }, { skip: !round });
  const product = catalogue.data?.products.find((p) => p._id === id);
  const company = useBcpCompanyQuery({ roundId: round?._id ?? '', participantId: product?.company.participantId ?? '' }, { skip: !round || !product });
  if (loading) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  if (!round) return <Alert severity="info">{t(`${P}.noRound`)}</Alert>;
  const error = catalogue.error ?? company.error;
  if (error) return <ErrorView {...describeError(error)} />;
  if (!catalogue.data) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  if (!product) return <ErrorView status={404} />;
  const canRequest = me.participant?.status === 'approved' && me.participant._id !== product.company.participantId;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={`${base}${back}`} startIcon={<ArrowBackIcon />} size="small">
          {t(`${P}.backToCatalogue`)}
        </Button>
      </Box>
      <PageHeader title={product.name} subtitle={round.name} />
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }} component="section" aria-label={product.name} data-testid="product-detail">
        <Avatar variant="rounded" src={product.imageUrl ?? undefined} alt="" sx={{ width: 160, height: 160, maxWidth: '100%' }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {product.sector}
          </Typography>
          <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{product.description}</Typography>
        </Box>
      </Paper>
      {company.isLoading && <LinearProgress aria-label={t(`${P}.loading`)} />}
      {company.data && (
        <CompanyCard card={{ ...company.data.company, productCount: company.data.products.length }} roundId={round._id} defs={round.offerFields} canRequest={canRequest} />
      )}
    </Box>
  );
}
