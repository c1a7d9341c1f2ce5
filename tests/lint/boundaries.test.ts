import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's lint rules (eslint.config.js) can fail: each snippet is linted as if it lived at
 * the given path, with the project's own config. Forbidden imports report an error; the allowed forms
 * report nothing at all.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const forbidden: [string, string, string, RegExp][] = [
  [
    "a feature importing another feature's slice",
    'src/features/shop/ShopPage.tsx',
    "import { selectCart } from '../cart/cartSlice';\nexport const s = selectCart;",
    /no-restricted-imports: .*only through its index/,
  ],
  [
    "a feature importing another feature's component through features/",
    'src/features/shop/ShopPage.tsx',
    "import { MiniCartToast } from '../../features/cart/MiniCartToast';\nexport const C = MiniCartToast;",
    /no-restricted-imports/,
  ],
  [
    "a feature importing another feature's types",
    'src/features/orders/types.ts',
    "import type { Cart } from '../cart/types';\nexport type C = Cart;",
    /no-restricted-imports/,
  ],
  [
    "a feature re-exporting another feature's internals",
    'src/features/orders/index.ts',
    "export { fetchCart } from '../cart/cartSlice';",
    /no-restricted-imports/,
  ],
  [
    "a testing/ helper importing another feature's internals",
    'src/features/shop/testing/fixtures.ts',
    "import type { CartLine } from '../../cart/types';\nexport type L = CartLine;",
    /no-restricted-imports/,
  ],
  [
    "a test importing another feature's page",
    'src/features/cart/CartPage.test.tsx',
    "import ShopPage from '../shop/ShopPage';\nexport const P = ShopPage;",
    /no-restricted-imports/,
  ],
  [
    "a lazy import of another feature's slice",
    'src/features/settings/tabs.ts',
    "export const load = () => import('../orders/orderSlice');",
    /no-restricted-syntax: .*only one of its components/,
  ],
  [
    'a route importing its repository',
    'server/modules/shop/routes.ts',
    "import { shopRepository } from './repository.js';\nexport const r = shopRepository;",
    /no-restricted-imports: .*Routes call services/,
  ],
  [
    "a route importing another module's repository",
    'server/modules/checkout/routes.ts',
    "import { ordersRepository } from '../orders/repository.js';\nexport const r = ordersRepository;",
    /no-restricted-imports/,
  ],
  [
    'a route importing a named repository',
    'server/modules/appointments/routes.ts',
    "import { waitlistRepository } from './waitlist-repository.js';\nexport const r = waitlistRepository;",
    /no-restricted-imports/,
  ],
  [
    'a route checking a role itself',
    'server/modules/blogs/routes.ts',
    "import { allowRoles } from '../../plugins/auth.js';\nexport const a = allowRoles;",
    /no-restricted-imports: .*Role checks live in services/,
  ],
  [
    'a feature importing server code',
    'src/features/shop/types.ts',
    "import type { Role } from '../../../server/db/schema.js';\nexport type R = Role;",
    /no-restricted-imports: .*src\/ never imports server/,
  ],
  [
    'the app importing server code',
    'src/app/store.ts',
    "import { config } from '../../server/config';\nexport const c = config;",
    /no-restricted-imports: .*shared\//,
  ],
  [
    'a ui piece importing server code',
    'src/ui/Spinner.tsx',
    "import { stripTags } from '../../server/lib/html';\nexport const s = stripTags;",
    /no-restricted-imports/,
  ],
  [
    'a ui piece importing a feature',
    'src/ui/Spinner.tsx',
    "import { selectCart } from '../features/cart';\nexport const s = selectCart;",
    /no-restricted-imports: .*import none/,
  ],
  [
    'a nested ui piece importing a feature',
    'src/ui/toast/ToastHost.tsx',
    "import { selectCart } from '../../features/cart';\nexport const s = selectCart;",
    /no-restricted-imports: .*import none/,
  ],
  [
    'a feature component calling axios (the older rule still holds)',
    'src/features/shop/ShopPage.tsx',
    "import axios from 'axios';\nexport const a = axios;",
    /no-restricted-imports: .*slice thunk/,
  ],
];

const allowed: [string, string, string][] = [
  [
    "another feature's index",
    'src/features/shop/ShopPage.tsx',
    "import { MiniCartToast, useAddToCart } from '../cart';\nimport { selectRole } from '../../features/session';\nimport { fetchCart } from '../cart/index';\nexport const x = [MiniCartToast, useAddToCart, selectRole, fetchCart];",
  ],
  [
    "the feature's own internals",
    'src/features/shop/ShopPage.tsx',
    "import { selectShop } from './shopSlice';\nimport { Spinner } from '../../ui/Spinner';\nexport const x = [selectShop, Spinner];",
  ],
  [
    "a testing/ helper using its own feature and another feature's index",
    'src/features/shop/testing/fixtures.ts',
    "import type { Cart } from '../../cart';\nimport { selectShop } from '../shopSlice';\nexport const x = selectShop;\nexport type C = Cart;",
  ],
  [
    "a test using another feature's testing/ helpers",
    'src/features/cart/CartPage.test.tsx',
    "import { cartFixture } from '../shop/testing/fixtures';\nimport { CartPage } from './CartPage';\nexport const x = [cartFixture, CartPage];",
  ],
  [
    "a lazy import of another feature's component",
    'src/features/settings/tabs.ts',
    "import { lazy } from 'react';\nexport const Tab = lazy(() => import('../orders/OrdersTab'));",
  ],
  [
    "the router lazy-loading a feature's page, the store taking its slice",
    'src/app/router.tsx',
    "import { lazy } from 'react';\nimport { cartSlice } from '../features/cart/cartSlice';\nexport const x = [cartSlice, lazy(() => import('../features/cart/CartPage'))];",
  ],
  ['ui using shared code', 'src/ui/text.ts', "import { stripTags } from '../../shared/html-text';\nexport const s = stripTags;"],
  [
    "a route calling its service and another module's schema",
    'server/modules/checkout/routes.ts',
    "import { checkoutService } from './service.js';\nimport { conflictSchema } from '../prescriptions/dto.js';\nexport const x = [checkoutService, conflictSchema];",
  ],
  [
    'a route asking who is signed in',
    'server/modules/blogs/routes.ts',
    "import { requireViewer } from '../../plugins/auth.js';\nexport const v = requireViewer;",
  ],
  [
    'a service using repositories',
    'server/modules/checkout/service.ts',
    "import { checkoutRepository } from './repository.js';\nimport { ordersRepository } from '../orders/repository.js';\nexport const x = [checkoutRepository, ordersRepository];",
  ],
];

describe('architecture lint rules', { timeout: 60_000 }, () => {
  it.each(forbidden)('reports %s', async (_name, file, code, expected) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(expected);
  });

  it.each(allowed)('allows %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
