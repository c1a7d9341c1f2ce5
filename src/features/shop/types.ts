export interface ProductSummary {
  _id: string;
  slug: string;
  name: string;
  brand?: string;
  price: number;
  quantity: number;
  thumbnail: string;
  about: string;
  category: { name: string; slug: string } | null;
  owner: { _id: string; username: string; pharmacyName: string };
}

export interface ProductDetail extends ProductSummary {
  photos: { _id: string; photo: string }[];
  description: string;
  indications: string;
  sideEffects: string;
  contraindicationsAndWarnings: string;
  /** Active ingredient names ([] for devices). */
  activeIngredients?: string[];
  /** Sold only against a valid prescription of the buyer's. */
  prescriptionOnly?: boolean;
}

export interface Category {
  _id: string;
  name: string;
  slug: string;
  sub_categories: { _id: string; name: string; slug: string }[];
}

export const shopSorts = [
  ['relevance', 'Best match'],
  ['newest', 'Newest'],
  ['price-asc', 'Price: low to high'],
  ['price-desc', 'Price: high to low'],
] as const;
export type ShopSort = (typeof shopSorts)[number][0] | '';

/** What the shop shows, all of it kept in the address so Back and shared links give the same view. */
export interface ShopFilters {
  /** Free text: name, brand or summary (small typos forgiven by the server). */
  name: string;
  category: string;
  pharmacy: string;
  minPrice: number;
  maxPrice: number;
  /** '' lets the server choose: best match with a text, newest without. */
  sort: ShopSort;
}

export const priceFloor = 0;
export const priceCeiling = 500;
export const emptyFilters: ShopFilters = { name: '', category: '', pharmacy: '', minPrice: priceFloor, maxPrice: priceCeiling, sort: '' };

export const filtersActive = (f: ShopFilters) =>
  Boolean(f.name.trim() || f.category || f.pharmacy.trim() || f.minPrice !== priceFloor || f.maxPrice !== priceCeiling);

const price = (text: string | null, fallback: number) => {
  const n = Number(text);
  return text !== null && text !== '' && Number.isFinite(n) ? Math.min(priceCeiling, Math.max(priceFloor, n)) : fallback;
};

/** The filters and page an address holds (?q=…&category=…&pharmacy=…&minPrice=…&maxPrice=…&sort=…&page=…). */
export function readShopParams(params: URLSearchParams): { filters: ShopFilters; page: number } {
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    filters: {
      name: params.get('q') ?? '',
      category: params.get('category') ?? '',
      pharmacy: params.get('pharmacy') ?? '',
      minPrice: price(params.get('minPrice'), priceFloor),
      maxPrice: price(params.get('maxPrice'), priceCeiling),
      sort: shopSorts.some(([value]) => value === sort) ? (sort as ShopSort) : '',
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address for filters and a page; values at their default are left out so links stay short. */
export function shopParams(filters: ShopFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.name.trim()) params.set('q', filters.name.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.pharmacy.trim()) params.set('pharmacy', filters.pharmacy.trim());
  if (filters.minPrice !== priceFloor) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== priceCeiling) params.set('maxPrice', String(filters.maxPrice));
  if (filters.sort) params.set('sort', filters.sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Shop prices: a dollar sign and two decimals. */
export const dollars = (price: number) => `$${Number(price).toFixed(2)}`;
