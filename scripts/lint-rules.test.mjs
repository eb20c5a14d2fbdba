// Proves biome.json's React and import rules report what review missed (decision 010). The snippets
// are linted with the repository's own biome.json, copied into a temporary tree of the same folders,
// so the repository itself never holds a violating file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

const RESTRICTED = 'lint/style/noRestrictedImports';

/** Each snippet: where it sits, its code, and the rule that must report it (null: nothing may). */
const snippets = {
  conditionalHook: {
    path: 'mfe-shop/src/features/probe/greeting.tsx',
    rule: 'lint/correctness/useHookAtTopLevel',
    code: `import { useState } from 'react';

export function Greeting({ show }: { show: boolean }) {
  if (show) {
    const [name] = useState('Ani');
    return <p>{name}</p>;
  }
  return null;
}
`,
  },
  missingDependency: {
    path: 'mfe-admin/src/features/probe/title.tsx',
    rule: 'lint/correctness/useExhaustiveDependencies',
    code: `import { useEffect } from 'react';

export function Title({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, []);
  return null;
}
`,
  },
  remoteImportsReactQuery: {
    path: 'mfe-cart/src/features/probe/orders.ts',
    rule: RESTRICTED,
    code: `import { useQuery } from '@tanstack/react-query';

export const useOrders = () => useQuery({ queryKey: ['orders'], queryFn: () => [] });
`,
  },
  shellImportsReactRouter: {
    path: 'shell/src/probe/nav.ts',
    rule: RESTRICTED,
    code: `export { useNavigate } from 'react-router';
`,
  },
  remoteImportsAnotherRemotesFile: {
    path: 'mfe-shop/src/features/probe/cart-count.ts',
    rule: RESTRICTED,
    code: `import { current } from '../../../../mfe-cart/src/features/cart/cart-store.ts';

export const cartCount = () => current().length;
`,
  },
  remoteImportsAnotherRemotesPackage: {
    path: 'mfe-admin/src/features/probe/orders.ts',
    rule: RESTRICTED,
    code: `export { LatestOrders } from '@gi/mfe-cart/src/features/orders/latest-orders.tsx';
`,
  },
  testImportsAnotherRemotesFile: {
    path: 'mfe-cart/src/features/probe/grid.test.tsx',
    rule: RESTRICTED,
    code: `import { ProductGrid } from '../../../../mfe-shop/src/features/catalog/product-grid.tsx';

export const grid = ProductGrid;
`,
  },
  workerImportsReact: {
    path: 'worker/src/routes/probe.ts',
    rule: RESTRICTED,
    code: `import { createElement } from 'react';

export const page = () => createElement('p', null, 'Halo');
`,
  },
  workerImportsUi: {
    path: 'worker/src/lib/probe.ts',
    rule: RESTRICTED,
    code: `export { formatRupiah } from '@gi/ui';
`,
  },
  // Two worker files that import each other: each import is reported (decision 038).
  workerCycleOrder: {
    path: 'worker/src/orders/probe-order.ts',
    rule: 'lint/suspicious/noImportCycles',
    code: `import type { Attempt } from '../payments/probe-attempt.ts';

export type Order = { id: string; attempts: Attempt[] };
`,
  },
  workerCycleAttempt: {
    path: 'worker/src/payments/probe-attempt.ts',
    rule: 'lint/suspicious/noImportCycles',
    code: `import type { Order } from '../orders/probe-order.ts';

export type Attempt = { order: Order };
`,
  },
  remoteUsesPlatform: {
    path: 'mfe-shop/src/features/probe/product-name.tsx',
    rule: null,
    code: `import { useParams, useQuery } from '@gi/platform';
import { useEffect } from 'react';

export function ProductName() {
  const { id = '' } = useParams();
  const { data } = useQuery({ queryKey: ['product', id], queryFn: () => ({ name: id }) });
  useEffect(() => {
    if (data) document.title = data.name;
  }, [data]);
  return <h1>{data?.name}</h1>;
}
`,
  },
  testUsesRouterDirectly: {
    // Tests build the shell's providers themselves (createMemoryRouter is not in @gi/platform).
    path: 'mfe-shop/src/test/router.tsx',
    rule: null,
    code: `import { createMemoryRouter } from 'react-router';

export const routerAt = (url: string) => createMemoryRouter([{ path: '*', element: null }], { initialEntries: [url] });
`,
  },
};

let dir;
/** Diagnostic categories per snippet name. */
const reported = new Map();

before(() => {
  // Real path: Biome reports files by it, and a snippet nobody matched would pass unchecked.
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'gi-lint-rules-')));
  copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  for (const { path, code } of Object.values(snippets)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  const run = spawnSync(
    biome,
    [
      'lint',
      '--vcs-enabled=false',
      `--config-path=${join(dir, 'biome.json')}`,
      '--reporter=json',
      '--max-diagnostics=none',
      ...Object.values(snippets).map(({ path }) => join(dir, path)),
    ],
    { encoding: 'utf8' },
  );
  assert.ok(run.stdout, `biome printed no report: ${run.stderr}`);
  const { summary, diagnostics } = JSON.parse(run.stdout);
  assert.equal(summary.changed + summary.unchanged, Object.keys(snippets).length, 'every snippet is linted');
  for (const [name, { path }] of Object.entries(snippets)) {
    const file = join(dir, path);
    reported.set(
      name,
      diagnostics.filter((d) => d.location?.path === file).map((d) => d.category),
    );
  }
});

after(() => rmSync(dir, { recursive: true, force: true }));

for (const [name, { path, rule }] of Object.entries(snippets)) {
  test(`${name} (${path}): ${rule ?? 'no problem'}`, () => {
    if (rule)
      assert.ok(
        reported.get(name).includes(rule),
        `${rule} not reported; got ${JSON.stringify(reported.get(name))}`,
      );
    else assert.deepEqual(reported.get(name), []);
  });
}
