-- The catalogue's filters by concentration and for whom (issue 41, decision 044): each an index
-- in the newest-first order of the list, so a filtered page and its count read only its rows.
CREATE INDEX products_gender ON products (gender, created_at DESC, id);
CREATE INDEX products_concentration ON products (concentration, created_at DESC, id);
