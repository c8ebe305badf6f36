/** Read-model tables of the business conference's insights area (SQL in migrations/0750_bc_polls.sql). */
export interface BcInsightsTables {
  bc_poll_answers: {
    meeting_id: string;
    side: string;
    round_id: string;
    event_id: string;
    participant_id: string;
    counterpart_id: string;
    interest: string;
    /** bigint: pg answers a string. */
    expected_amount: string | number;
    currency: string;
    satisfaction: number;
    comment: string;
    revision: number;
    answered_at: Date | string;
    updated_at: Date | string;
  };
}
