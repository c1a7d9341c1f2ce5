import type { Cart } from '../../cart';
import type { Category, ProductDetail, ProductSummary } from '../types';

export function productFixture(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    _id: '6650aa00000000000000000a',
    slug: 'paracetamol-500-mg',
    name: 'Paracetamol 500 mg',
    price: 3.5,
    quantity: 4,
    thumbnail: '/uploads/paracetamol.png',
    about: 'Relieves pain.',
    category: { name: 'Headache', slug: 'headache' },
    owner: { _id: '6650aa00000000000000000b', username: 'hoda.nasser', pharmacyName: 'El Ezaby Corner Pharmacy' },
    ...overrides,
  };
}

export function detailFixture(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...productFixture(),
    photos: [
      { _id: 'p1', photo: '/uploads/one.png' },
      { _id: 'p2', photo: '/uploads/two.png' },
    ],
    description: '<p>Good for <strong>pain</strong><img src=x onerror="window.hacked=1"></p>',
    indications: '<ul><li>Headache</li></ul>',
    sideEffects: '<p>Rare rash</p>',
    contraindicationsAndWarnings: '<p>Not with alcohol</p>',
    ...overrides,
  };
}

export const categoriesFixture: Category[] = [
  {
    _id: 'c1',
    name: 'Pain Relief',
    slug: 'pain-relief',
    sub_categories: [
      { _id: 's1', name: 'Headache', slug: 'headache' },
      { _id: 's2', name: 'Muscle & Joint', slug: 'muscle-joint' },
    ],
  },
];

export function cartFixture(lines: { slug: string; name: string; price: number; quantity: number; stock?: number }[]): Cart {
  return {
    _id: 'cart',
    products: lines.map((l, i) => ({
      _id: `line${i}`,
      product: { slug: l.slug, name: l.name, price: l.price, thumbnail: '/uploads/x.png', stock: l.stock ?? 10 },
      quantity: l.quantity,
    })),
    total: lines.reduce((s, l) => s + l.price * l.quantity, 0),
  };
}
