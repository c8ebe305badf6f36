import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { fieldsForType } from '@contracts/businessConference-participants';
import { useEffect, useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useMeQuery } from '../../accounts/api';
import { PageHeader } from '../../events/components/common';
import { useBcpUpdateProfileMutation } from './api';
import { ProfileFields, StatusChip, checkProfile, hasErrors, profileBody, profileOf, serverErrors, type Errors, type ProfileValues } from './components';
import { useMyParticipant } from './useMyParticipant';

const P = 'businessConference.participants';

/**
 * offer/companyProfile, demand/companyProfile, offer/company, demand/company: the participant edits their own
 * company profile, contact and answers to the round's fields (the same rules as the registration).
 */
export default function CompanyProfilePage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { data: me } = useMeQuery();
  const { round, participant, loading, error } = useMyParticipant();
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [update, state] = useBcpUpdateProfileMutation();

  useEffect(() => {
    if (participant) setValues(profileOf(participant));
  }, [participant]);

  if (error) return <ErrorView {...describeError(error)} />;
  if (loading) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  if (!round || !participant) return <Alert severity="info">{t(`${P}.notRegisteredHere`)}</Alert>;
  if (!values) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  const defs = fieldsForType(participant.type, round);

  const save = async () => {
    const errs = checkProfile(values, defs, t(`${P}.required`));
    setErrors(errs);
    if (hasErrors(errs)) return;
    try {
      await update({ id: participant._id, body: { clientId: newClientId(), ...profileBody(values) } }).unwrap();
      notify(t(`${P}.profileSaved`), 'success');
    } catch (err) {
      setErrors(serverErrors(err));
      notify(describeError(err).messagePublic ?? t(`${P}.saveFailed`), 'error');
    }
  };

  return (
    <Box>
      <PageHeader title={t(`${P}.companyProfileTitle`)} subtitle={round.name} actions={<StatusChip status={participant.status} />} />
      <Box
        component="form"
        noValidate
        aria-label={t(`${P}.companyProfileTitle`)}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ProfileFields
            values={values}
            defs={defs}
            errors={errors}
            email={me?.email}
            onChange={(v, touched) => {
              setValues(v);
              setErrors((e) => ({ ...e, [touched]: undefined }));
            }}
          />
        </Paper>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={state.isLoading} data-testid="profile-save">
            {state.isLoading ? t(`${P}.saving`) : t(`${P}.saveChanges`)}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
