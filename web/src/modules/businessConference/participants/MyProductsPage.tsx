import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { offers, type ProductDto, type ProductInput } from '@contracts/businessConference-participants';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { useBcpAddProductMutation, useBcpRemoveProductMutation, useBcpUpdateProductMutation } from './api';
import { ProductFields, checkProduct, deadlineText, emptyProduct, hasErrors, serverErrors, type Errors } from './components';
import { useMyParticipant } from './useMyParticipant';

const P = 'businessConference.participants';

/**
 * offer/productCatalog and offer/productCatalogue: the offerer's own products (add, edit, remove) until the round's
 * product deadline; after it the page says so and the server refuses changes with the same message.
 */
export default function MyProductsPage() {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const { round, participant, products, loading, error } = useMyParticipant();
  const { base } = useModuleArea();
  const [editing, setEditing] = useState<{ product: ProductDto | null; value: ProductInput; clientId: string } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [add, adding] = useBcpAddProductMutation();
  const [update, updating] = useBcpUpdateProductMutation();
  const [remove, removing] = useBcpRemoveProductMutation();
  const [deleting, setDeleting] = useState<ProductDto | null>(null);

  if (error) return <ErrorView {...describeError(error)} />;
  if (loading) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  if (!round || !participant) return <Alert severity="info">{t(`${P}.notRegisteredHere`)}</Alert>;
  if (!offers(participant.type)) return <Alert severity="info">{t(`${P}.productsOnlyOfferers`)}</Alert>;

  const deadline = round.productDeadline;
  const closed = !!deadline && Date.now() > Date.parse(deadline);
  const busy = adding.isLoading || updating.isLoading;

  const open = (product: ProductDto | null) => {
    setErrors({});
    setEditing({ product, value: product ? { name: product.name, description: product.description, sector: product.sector, imageUrl: product.imageUrl } : emptyProduct(), clientId: newClientId() });
  };
  const save = async () => {
    if (!editing) return;
    const errs = checkProduct(editing.value);
    setErrors(errs);
    if (hasErrors(errs)) return;
    try {
      const body = { clientId: editing.clientId, ...editing.value };
      if (editing.product) await update({ id: participant._id, productId: editing.product._id, body }).unwrap();
      else await add({ id: participant._id, body }).unwrap();
      notify(t(`${P}.productSaved`), 'success');
      setEditing(null);
    } catch (err) {
      setErrors(serverErrors(err));
      notifyError(err, t(`${P}.saveFailed`));
    }
  };
  const confirmDelete = async () => {
    const p = deleting;
    setDeleting(null);
    if (!p) return;
    try {
      await remove({ id: participant._id, productId: p._id }).unwrap();
      notify(t(`${P}.productRemoved`), 'success');
    } catch (err) {
      notifyError(err, t(`${P}.saveFailed`));
    }
  };

  return (
    <Box>
      <PageHeader
        title={t(`${P}.myProductsTitle`)}
        subtitle={round.name}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)} disabled={closed} data-testid="new-product">
            {t(`${P}.addProduct`)}
          </Button>
        }
      />
      {deadline && (
        <Alert severity={closed ? 'error' : 'warning'} sx={{ mb: 2 }} data-testid="product-deadline">
          {closed ? t(`${P}.productDeadlinePassed`, { date: deadlineText(deadline, round.timeZone) }) : t(`${P}.productDeadlineNotice`, { date: deadlineText(deadline, round.timeZone) })}
        </Alert>
      )}
      {participant.status !== 'approved' && <Alert severity="info" sx={{ mb: 2 }}>{t(`${P}.notApprovedYet`)}</Alert>}
      {products.length === 0 && <Typography color="text.secondary">{t(`${P}.noProducts`)}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {products.map((p) => (
          <Card key={p._id} variant="outlined" data-testid={`my-product-${p._id}`}>
            <CardContent sx={{ display: 'flex', gap: 1.5 }}>
              <Avatar variant="rounded" src={p.imageUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {p.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.sector}
                </Typography>
                {p.description && (
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {p.description}
                  </Typography>
                )}
              </Box>
            </CardContent>
            <CardActions>
              {participant?.status === 'approved' && (
                <Button component={RouterLink} to={`${base}/offer/product/${encodeURIComponent(p._id)}`} size="small" aria-label={`${t(`${P}.viewProduct`)}: ${p.name}`}>
                  {t(`${P}.viewProduct`)}
                </Button>
              )}
              <IconButton aria-label={t(`${P}.editProduct`, { name: p.name })} onClick={() => open(p)} disabled={closed}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={t(`${P}.removeProduct`, { name: p.name })} onClick={() => setDeleting(p)} disabled={closed || removing.isLoading}>
                <DeleteIcon />
              </IconButton>
            </CardActions>
          </Card>
        ))}
      </Box>

      <Dialog open={!!editing} onClose={() => !busy && setEditing(null)} aria-labelledby="product-title" fullWidth maxWidth="sm">
        <DialogTitle id="product-title">{editing?.product ? t(`${P}.editProductTitle`) : t(`${P}.newProductTitle`)}</DialogTitle>
        <DialogContent>
          <Box
            component="form"
            id="product-form"
            noValidate
            sx={{ pt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {editing && <ProductFields value={editing.value} prefix="" errors={errors} onChange={(value) => setEditing((x) => (x ? { ...x, value } : x))} />}
          </Box>
        </DialogContent>
        <FormDialogActions onCancel={() => setEditing(null)} submitLabel={t(`${P}.saveProduct`)} form="product-form" busy={busy} submitTestId="product-save" />
      </Dialog>

      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">{t(`${P}.removeProductTitle`, { name: deleting?.name ?? '' })}</DialogTitle>
        <FormDialogActions onCancel={() => setDeleting(null)} submitLabel={t(`${P}.remove`)} onSubmit={() => void confirmDelete()} danger />
      </Dialog>
    </Box>
  );
}
