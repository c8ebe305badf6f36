import { useCurrentRound } from '../rounds/useRound';
import { useBcpMyRegistrationQuery } from './api';

/** The signed-in participant's registration in the module area's current round (with the round itself). */
export function useMyParticipant() {
  const { round, loading } = useCurrentRound();
  const mine = useBcpMyRegistrationQuery(round?._id ?? '', { skip: !round });
  return {
    round,
    loading: loading || (!!round && mine.isLoading),
    error: mine.error,
    participant: mine.data?.participant ?? null,
    products: mine.data?.products ?? [],
  };
}
