-- E-mail change: its confirmation link (/confirm/mail/{token}) is a one-time token like the others.
ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'delete', 'email'));
