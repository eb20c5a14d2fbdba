// Grows the local D1 of a `wrangler dev --persist-to <state>` to a target size, straight into
// the SQLite file workerd keeps (node:sqlite, Node 22), with every table's current schema: the
// inserts run the schema's own triggers (product search, counters, variant prices), and the
// dashboard counters are rebuilt from the rows at the end as a check. Growing is incremental:
// it adds only what is missing up to the target. Stop `wrangler dev` first (one writer).
//   node bench/grow.mjs --state .wrangler/scale --size medium|large
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';

export const SIZES = {
  // The benchmark's baseline shop (bench/scale.mjs): the demo data plus a few months of trade, so
  // its lists, searches and pages answer full pages as a grown shop's do.
  small: { products: 150, customers: 300, orders: 1_200, customerService: 50 },
  medium: { products: 2_000, customers: 20_000, orders: 50_000, customerService: 5_000 },
  large: { products: 20_000, customers: 200_000, orders: 500_000, customerService: 50_000 },
};
/** Items per generated order: 1.5 M items for 500,000 orders. */
const ITEMS_PER_ORDER = 3;

/** The D1 database file of a wrangler state directory (the one that is not miniflare's metadata). */
export function d1File(state) {
  const dir = join(state, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${dir}: start the shop once on this state`);
  return join(dir, file);
}

/** Rows 1..n of a counter, for INSERT … SELECT (SQLite has no generate_series by default). */
const series = (from, to) =>
  `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})`;

export function grow(state, size) {
  const target = SIZES[size];
  if (!target) throw new Error(`unknown size ${size}`);
  const db = new DatabaseSync(d1File(state));
  const count = (sql) => db.prepare(sql).get().n;
  const started = Date.now();
  // workerd may still be letting go of the file after `wrangler dev` exits.
  db.exec('PRAGMA busy_timeout = 60000');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('BEGIN');
  try {
    const have = {
      products: count("SELECT count(*) AS n FROM products WHERE id LIKE 'scale-p-%'"),
      customers: count("SELECT count(*) AS n FROM users WHERE id LIKE 'scale-u-%'"),
      orders: count("SELECT count(*) AS n FROM orders WHERE id LIKE '5ca1e%'"),
      customerService: count("SELECT count(*) AS n FROM customer_service WHERE id LIKE 'scale-cs-%'"),
    };
    const image =
      db.prepare('SELECT image FROM products ORDER BY created_at LIMIT 1').get()?.image ?? '/images/x';

    if (have.products < target.products) {
      // Spread over two years, newest last; names vary so the catalogue search has work to do.
      db.prepare(
        `${series(have.products + 1, target.products)}
         INSERT INTO products (id, name, description, price, image, sold_count, concentration, gender, created_at, updated_at)
         SELECT 'scale-p-' || i,
                'Parfum ' || (CASE i % 5 WHEN 0 THEN 'Melati ' WHEN 1 THEN 'Cendana ' WHEN 2 THEN 'Oud ' WHEN 3 THEN 'Mawar ' ELSE 'Vanila ' END) || i,
                'Wewangian uji skala nomor ' || i || ' dengan aroma ' || (CASE i % 3 WHEN 0 THEN 'kayu' WHEN 1 THEN 'bunga' ELSE 'rempah' END) || '.',
                100000 + (i % 50) * 5000, ?, i % 200,
                CASE i % 4 WHEN 0 THEN 'EDT' WHEN 1 THEN 'EDP' WHEN 2 THEN 'Parfum' ELSE 'Extrait' END,
                CASE i % 3 WHEN 0 THEN 'pria' WHEN 1 THEN 'wanita' ELSE 'unisex' END,
                strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (i * 3) || ' minutes'),
                strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (i * 3) || ' minutes')
         FROM n`,
      ).run(image);
      // Two or three sizes each; the variant trigger sets the product's price to the lowest. Each
      // weighed as the admin's form saves it (not migration 0029's estimate, decision 032).
      db.exec(`
        INSERT INTO product_variants (id, product_id, size_ml, price, stock, sku, weight_grams, weight_estimated)
        SELECT p.id || '-' || s.ml, p.id, s.ml, 100000 + s.ml * 1500 + (p.sold_count * 100), 50 + p.sold_count, NULL,
               120 + 3 * s.ml, 0
        FROM products p JOIN (SELECT 30 AS ml UNION ALL SELECT 50 UNION ALL SELECT 100) s
        WHERE p.id LIKE 'scale-p-%' AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
          AND (s.ml <> 100 OR p.sold_count % 2 = 0)`);
    }

    if (have.customers < target.customers) {
      db.exec(`${series(have.customers + 1, target.customers)}
        INSERT INTO users (id, email, password_hash, created_at)
        SELECT 'scale-u-' || i, 'pelanggan' || i || '@contoh.id', 'pbkdf2-sha256$scale$not-a-password',
               strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (i * 5) || ' minutes')
        FROM n`);
      db.exec(`INSERT INTO profiles (id, name, email, role, created_at)
        SELECT u.id, 'Pelanggan ' || (CASE substr(u.id, 9) % 4 WHEN 0 THEN 'Sari ' WHEN 1 THEN 'Budi ' WHEN 2 THEN 'Dewi ' ELSE 'Agus ' END) || substr(u.id, 9),
               u.email, 'customer', u.created_at
        FROM users u WHERE u.id LIKE 'scale-u-%' AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = u.id)`);
    }

    if (have.orders < target.orders) {
      const products = count("SELECT count(*) AS n FROM products WHERE id LIKE 'scale-p-%'");
      const customers = count("SELECT count(*) AS n FROM users WHERE id LIKE 'scale-u-%'");
      // Two years of orders, oldest first.
      const step = Math.floor((2 * 365 * 86_400) / target.orders);
      // Lines first (a temp table), so each order's subtotal is the sum of its lines.
      db.exec(`CREATE TEMP TABLE gen_items AS ${series(have.orders + 1, target.orders)},
          k(j) AS (SELECT 0 UNION ALL SELECT 1 UNION ALL SELECT 2)
        SELECT n.i AS o, k.j AS j, v.id AS variant_id, v.product_id, p.name, v.price, v.size_ml, 1 + (n.i + k.j) % 3 AS qty
        FROM n JOIN k
        JOIN product_variants v ON v.id = 'scale-p-' || (1 + (n.i * 7 + k.j * 13) % ${products}) || '-' || (CASE k.j WHEN 2 THEN 50 ELSE 30 END)
        JOIN products p ON p.id = v.product_id
        LIMIT ${(target.orders - have.orders) * ITEMS_PER_ORDER}`);
      db.exec(`CREATE TEMP TABLE gen_orders AS
        SELECT o, printf('5ca1e%03x-%04x-4%03x-8%03x-%012x', o % 4096, abs(random()) % 65536, abs(random()) % 4096, abs(random()) % 4096, o) AS id,
               sum(price * qty) AS subtotal
        FROM gen_items GROUP BY o`);
      // Most orders are delivered; the newest are still open. Open ones keep unique_code 0
      // (the unpaid-code index only covers codes > 0).
      db.exec(`INSERT INTO orders (id, user_id, customer_name, customer_email, customer_phone, customer_address,
          total_amount, status, created_at, updated_at, subtotal_amount, shipping_fee, shipping_service, shipping_zone,
          shipping_eta_min_days, shipping_eta_max_days, province_code, province_name, regency_code, regency_name,
          district_code, district_name, postal_code, unique_code, payment_due_at, courier, tracking_number)
        SELECT g.id, p.id, p.name, p.email, '0812' || printf('%08d', g.o), 'Jl. Uji Skala No. ' || g.o,
               g.subtotal + 15000,
               CASE WHEN g.o > ${target.orders} - 200 THEN 'pending' WHEN g.o > ${target.orders} - 1000 THEN 'processing'
                    WHEN g.o % 50 = 0 THEN 'cancelled' WHEN g.o > ${target.orders} - 3000 THEN 'shipped' ELSE 'delivered' END,
               strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (g.o * ${step}) || ' seconds'),
               strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (g.o * ${step}) || ' seconds'),
               g.subtotal, 15000, 'jabodetabek-reguler', 'Jabodetabek', 1, 2, '31', 'DKI Jakarta', '31.71',
               'Kota Jakarta Pusat', '31.71.01', 'Gambir', '10110', 0, NULL,
               CASE WHEN g.o > ${target.orders} - 1000 AND g.o <= ${target.orders} - 200 THEN NULL ELSE 'JNE' END,
               CASE WHEN g.o > ${target.orders} - 1000 AND g.o <= ${target.orders} - 200 THEN NULL ELSE 'JNE' || g.o END
        FROM gen_orders g JOIN profiles p ON p.id = 'scale-u-' || (1 + (g.o * 31) % ${customers})`);
      db.exec(`INSERT INTO order_items (id, order_id, product_id, product_name, product_price, quantity, subtotal, variant_id, size_ml)
        SELECT g.id || '-' || i.j, g.id, i.product_id, i.name, i.price, i.qty, i.price * i.qty, i.variant_id, i.size_ml
        FROM gen_items i JOIN gen_orders g ON g.o = i.o`);
      db.exec(`INSERT INTO order_events (id, order_id, type, status, actor, actor_id, created_at)
        SELECT g.id || '-placed', o.id, 'placed', 'pending', 'customer', o.user_id, o.created_at
        FROM gen_orders g JOIN orders o ON o.id = g.id`);
      db.exec(`INSERT INTO payments (id, order_id, method, status, amount, created_at, updated_at)
        SELECT g.id || '-pay', o.id, 'bank_transfer',
               CASE o.status WHEN 'pending' THEN 'pending' WHEN 'cancelled' THEN 'void' ELSE 'paid' END,
               o.total_amount, o.created_at, o.updated_at
        FROM gen_orders g JOIN orders o ON o.id = g.id`);
      db.exec('DROP TABLE gen_items; DROP TABLE gen_orders');
    }

    if (have.customerService < target.customerService) {
      db.exec(`${series(have.customerService + 1, target.customerService)}
        INSERT INTO customer_service (id, title, description, category, priority, status, created_at, updated_at)
        SELECT 'scale-cs-' || i, 'Pertanyaan pelanggan ' || i,
               'Pelanggan menanyakan pesanan nomor ' || i || ' dan waktu pengirimannya.',
               CASE i % 5 WHEN 0 THEN 'general' WHEN 1 THEN 'technical' WHEN 2 THEN 'billing' WHEN 3 THEN 'complaint' ELSE 'suggestion' END,
               CASE i % 4 WHEN 0 THEN 'low' WHEN 1 THEN 'medium' WHEN 2 THEN 'high' ELSE 'urgent' END,
               CASE i % 4 WHEN 0 THEN 'active' WHEN 1 THEN 'pending' WHEN 2 THEN 'resolved' ELSE 'closed' END,
               strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (i * 20) || ' minutes'),
               strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (i * 20) || ' minutes')
        FROM n`);
    }

    // The triggers kept the counters; rebuilding them from the rows checks that, whatever ran.
    const before = JSON.stringify(db.prepare('SELECT name, value FROM counters ORDER BY name').all());
    db.exec(`DELETE FROM counters WHERE name IN ('products', 'collections') OR name LIKE 'orders:%' OR name LIKE 'sales:%' OR name LIKE 'payments:%' OR name LIKE 'cs:%' OR name LIKE 'od:%';
      INSERT INTO counters (name, value)
        SELECT 'products', count(*) FROM products
        UNION ALL SELECT 'collections', count(*) FROM collections
        UNION ALL SELECT 'orders:' || status, count(*) FROM orders GROUP BY status
        UNION ALL SELECT 'sales:' || status, sum(total_amount) FROM orders GROUP BY status
        UNION ALL SELECT 'payments:' || status, count(*) FROM payments GROUP BY status
        UNION ALL SELECT 'od::' || substr(created_at, 1, 10), count(*) FROM orders GROUP BY substr(created_at, 1, 10)
        UNION ALL SELECT 'od:' || status || ':' || substr(created_at, 1, 10), count(*) FROM orders
          GROUP BY status, substr(created_at, 1, 10)
        UNION ALL SELECT 'cs:' || status || ':' || category || ':' || priority, count(*) FROM customer_service
          WHERE category NOT IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions')
          GROUP BY status, category, priority`);
    const after = JSON.stringify(db.prepare('SELECT name, value FROM counters ORDER BY name').all());
    if (before !== after) console.warn('grow: counters differed from the rows and were rebuilt');
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  const sizes = Object.fromEntries(
    ['products', 'product_variants', 'users', 'orders', 'order_items', 'payments', 'customer_service'].map(
      (t) => [t, count(`SELECT count(*) AS n FROM ${t}`)],
    ),
  );
  db.close();
  console.log(`grow ${size}: ${JSON.stringify(sizes)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      state: { type: 'string', default: '.wrangler/scale' },
      size: { type: 'string', default: 'medium' },
    },
  });
  grow(values.state, values.size);
}
