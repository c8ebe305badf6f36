-- The account's picture (/settings/profile): a stored upload's URL, or null for the initials (spec: #ee6932).
ALTER TABLE users ADD COLUMN avatar_url text;
