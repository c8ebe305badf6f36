import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldDef, RoundDto } from '@contracts/businessConference-rounds';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { useCurrentRound } from '../rounds/useRound';
import { useBcpCatalogueQuery, useBcpCompaniesQuery, useBcpCompanyQuery } from './api';
import { CompanyCard } from './components';
import { useMyParticipant } from './useMyParticipant';

const P = 'businessConference.participants';

type Mode = 'catalogue' | 'companies';

/** The round's catalogue filters: search (accent-free on the server), sector, and the configured fields. */
function Filters({
  round,
  defs,
  sectors,
  search,
  setSearch,
  sector,
  setSector,
  filters,
  setFilters,
}: {
  round: RoundDto;
  defs: FieldDef[];
  sectors: string[];
  search: string;
  setSearch: (v: string) => void;
  sector: string;
  setSector: (v: string) => void;
  filters: Record<string, string>;
  setFilters: (f: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const filterDefs = round.catalogueFilter.map((k) => defs.find((d) => d.key === k)).filter((d): d is FieldDef => !!d);
  return (
    <Box role="search" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' }, mb: 2 }}>
      <TextField
        id="catalogue-search"
        label={t(`${P}.search`)}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'data-testid': 'catalogue-search' } }}
      />
      {round.catalogueFilter.includes('sector') && (
        <TextField id="catalogue-sector" select label={t(`${P}.sector`)} value={sector} onChange={(e) => setSector(e.target.value)}>
          <MenuItem value="">{t(`${P}.allSectors`)}</MenuItem>
          {sectors.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      )}
      {filterDefs.map((d) =>
        d.kind === 'choice' || d.kind === 'multiChoice' ? (
          <TextField key={d.key} id={`filter-${d.key}`} select label={d.label} value={filters[d.key] ?? ''} onChange={(e) => setFilters({ ...filters, [d.key]: e.target.value })}>
            <MenuItem value="">{t(`${P}.any`)}</MenuItem>
            {d.options.map((o) => (
              <MenuItem key={o} value={o}>
                {o}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField key={d.key} id={`filter-${d.key}`} label={d.label} type={d.kind === 'number' ? 'number' : d.kind === 'date' ? 'date' : 'text'} value={filters[d.key] ?? ''} onChange={(e) => setFilters({ ...filters, [d.key]: e.target.value })} slotProps={d.kind === 'date' ? { inputLabel: { shrink: true } } : undefined} />
        ),
      )}
    </Box>
  );
}

/**
 * The round's catalogue: approved offerers' products and companies, with the round's catalogueFilter fields as
 * filters and accent-free search ("cafe" finds "Café"). demand/productCatalog and demand/products (catalogue),
 * demand/participants (the offerers), support/offer/productCatalog (read-only for support staff). A demander may
 * request a meeting from a company card.
 */
export function CataloguePage({ mode, readOnly = false }: { mode: Mode; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { round, loading } = useCurrentRound();
  const { base } = useModuleArea();
  const me = useMyParticipant();
  const [tab, setTab] = useState<'products' | 'companies'>(mode === 'companies' ? 'companies' : 'products');
  const [search, setSearch] = useState('');
  const [sector, setSector] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [company, setCompany] = useState<string | null>(null);
  const q = useDebouncedValue(search, 300);
  const args = { roundId: round?._id ?? '', search: q, sector, filters };
  const catalogue = useBcpCatalogueQuery(args, { skip: !round });
  const companies = useBcpCompaniesQuery({ ...args, side: 'offer' }, { skip: !round || tab !== 'companies' });
  const canRequest = !readOnly && me.participant?.status === 'approved';
  const defs = useMemo(() => round?.offerFields ?? [], [round]);

  if (loading) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  if (!round) return <Alert severity="info">{t(`${P}.noRound`)}</Alert>;
  const error = catalogue.error ?? companies.error;
  if (error) return <ErrorView {...describeError(error)} />;

  const title = readOnly ? t(`${P}.supportCatalogueTitle`) : mode === 'companies' ? t(`${P}.companiesTitle`) : t(`${P}.catalogueTitle`);
  const fetching = catalogue.isFetching || companies.isFetching;

  return (
    <Box>
      <PageHeader title={title} subtitle={round.name} />
      <Filters round={round} defs={defs} sectors={catalogue.data?.sectors ?? []} {...{ search, setSearch, sector, setSector, filters, setFilters }} />
      {mode === 'catalogue' && (
        <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }} aria-label={t(`${P}.catalogueView`)}>
          <Tab value="products" label={t(`${P}.productsTab`)} />
          <Tab value="companies" label={t(`${P}.companiesTab`)} />
        </Tabs>
      )}
      {fetching && <LinearProgress aria-label={t(`${P}.loading`)} sx={{ mb: 1 }} />}
      {tab === 'products' && catalogue.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {t(`${P}.productsFound`, { count: catalogue.data.products.length })}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
            {catalogue.data.products.map((p) => (
              <Card key={p._id} variant="outlined" data-testid={`catalogue-product-${p._id}`}>
                <CardActionArea onClick={() => setCompany(p.company.participantId)} aria-label={t(`${P}.productOf`, { name: p.name, company: p.company.name })}>
                  <CardContent sx={{ display: 'flex', gap: 1.5 }}>
                    <Avatar variant="rounded" src={p.imageUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                        {p.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {p.company.name} · {p.sector}
                      </Typography>
                      {p.description && (
                        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                          {p.description}
                        </Typography>
                      )}
                    </Box>
                  </CardContent>
                </CardActionArea>
                {!readOnly && (
                  <CardActions>
                    <Button component={RouterLink} to={`${base}/demand/product/${encodeURIComponent(p._id)}`} size="small" aria-label={`${t(`${P}.viewProduct`)}: ${p.name}`} data-testid={`product-link-${p._id}`}>
                      {t(`${P}.viewProduct`)}
                    </Button>
                  </CardActions>
                )}
              </Card>
            ))}
          </Box>
        </>
      )}
      {tab === 'companies' && companies.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {t(`${P}.companiesFound`, { count: companies.data.length })}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
            {companies.data.map((c) => (
              <CompanyCard key={c.participantId} card={c} roundId={round._id} defs={defs} canRequest={canRequest && c.participantId !== me.participant?._id}>
                <Box>
                  <Button size="small" onClick={() => setCompany(c.participantId)}>
                    {t(`${P}.seeProducts`)}
                  </Button>
                </Box>
              </CompanyCard>
            ))}
          </Box>
        </>
      )}
      {company && <CompanyDialog roundId={round._id} participantId={company} defs={defs} canRequest={canRequest && company !== me.participant?._id} onClose={() => setCompany(null)} />}
    </Box>
  );
}

function CompanyDialog({ roundId, participantId, defs, canRequest, onClose }: { roundId: string; participantId: string; defs: FieldDef[]; canRequest: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useBcpCompanyQuery({ roundId, participantId });
  return (
    <Dialog open onClose={onClose} aria-labelledby="company-title" fullWidth maxWidth="sm">
      <DialogTitle id="company-title">{data?.company.company.name ?? t(`${P}.company`)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {isLoading && <LinearProgress aria-label={t(`${P}.loading`)} />}
        {error && <Alert severity="error">{describeError(error).messagePublic ?? t(`${P}.loadFailed`)}</Alert>}
        {data && (
          <>
            <CompanyCard card={{ ...data.company, productCount: data.products.length }} roundId={roundId} defs={defs} canRequest={canRequest} />
            {data.products.map((x) => (
              <Box key={x._id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                <Avatar variant="rounded" src={x.imageUrl ?? undefined} alt="" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{x.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {x.sector}
                    {x.description ? ` · ${x.description}` : ''}
                  </Typography>
                </Box>
              </Box>
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${P}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

export const CatalogueView = () => <CataloguePage mode="catalogue" />;
export const CompaniesView = () => <CataloguePage mode="companies" />;
export const SupportCatalogueView = () => <CataloguePage mode="catalogue" readOnly />;
