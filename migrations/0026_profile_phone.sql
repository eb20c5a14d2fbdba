-- The customer's own phone number on the account page (issue 29), in the E.164 form the shared
-- phoneSchema stores ('+62…'); NULL until the customer gives one.
ALTER TABLE profiles ADD COLUMN phone TEXT;
