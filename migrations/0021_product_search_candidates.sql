-- A search ranked by relevance scores only its newest matches, found by walking products_fts'
-- doclist in rowid order (docs/decisions/019-scale.md). The rowid followed the order rows were
-- written to the index, not creation: an edit of a name or description deleted and re-inserted
-- the row, so an old product moved to the newest end. Now an edit updates the row in place
-- (FTS5 keeps its rowid), and the rows are renumbered oldest first: a new product, created
-- now, takes the next rowid. Only a product inserted with a past created_at (a seed, an import)
-- lands out of order, which changes which matches are candidates, never a search's correctness.
DROP TRIGGER products_fts_update;

CREATE TRIGGER products_fts_update AFTER UPDATE OF id, name, description, created_at ON products BEGIN
  UPDATE products_fts
  SET product_id = new.id, name = new.name, description = new.description, created_at = new.created_at,
      notes = coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = new.id), '')
  WHERE product_id = old.id;
END;

DELETE FROM products_fts;

-- Same created_at: the higher id is older, as the search's tie-break (created_at DESC, id) has it.
INSERT INTO products_fts (rowid, product_id, name, description, notes, created_at)
SELECT row_number() OVER (ORDER BY created_at, id DESC), id, name, description,
       coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = products.id), ''),
       created_at
FROM products;
