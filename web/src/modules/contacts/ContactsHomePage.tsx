import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useRecordsQuery } from './api';
import { useContactsBase } from './common';

/** Tablero of the contacts module: how many contacts and companies there are, and the way to each page. */
export default function ContactsHomePage() {
  const { t } = useTranslation();
  const { client, base } = useContactsBase();
  const contacts = useRecordsQuery({ client, entity: 'contact', q: { page: 0, pageSize: 1 } });
  const companies = useRecordsQuery({ client, entity: 'company', q: { page: 0, pageSize: 1 } });
  const cards = [
    { to: `${base}/contacts`, title: t('contacts.home.contacts'), n: contacts.data?.rowCount },
    { to: `${base}/company`, title: t('contacts.home.companies'), n: companies.data?.rowCount },
    { to: `${base}/audit`, title: t('contacts.home.audit'), text: t('contacts.home.auditText') },
    { to: `${base}/settings/contactFields`, title: t('contacts.home.fields'), text: t('contacts.home.fieldsText') },
    // The spec's drawer has no item for tasks: they are reached from here and from each contact's page.
    { to: `${base}/task`, title: t('contacts.home.tasks'), text: t('contacts.home.tasksText') },
    { to: `${base}/group`, title: t('contacts.home.groups'), text: t('contacts.home.groupsText') },
  ];
  return (
    <>
      <PageHeader title={t('contacts.home.title')} subtitle={t('contacts.home.subtitle')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        {cards.map((c) => (
          <Card key={c.to} variant="outlined">
            <CardActionArea component={RouterLink} to={c.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                  {c.title}
                </Typography>
                <Typography color="text.secondary">{c.n !== undefined ? t('contacts.home.count', { count: c.n }) : c.text ?? ''}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </>
  );
}
