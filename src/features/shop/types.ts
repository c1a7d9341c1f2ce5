export interface ProductSummary {
  _id: string;
  slug: string;
  name: string;
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
}

export interface Category {
  _id: string;
  name: string;
  slug: string;
  sub_categories: { _id: string; name: string; slug: string }[];
}

export interface ShopFilters {
  name: string;
  category: string;
  pharmacy: string;
  minPrice: number;
  maxPrice: number;
}

export const priceFloor = 0;
export const priceCeiling = 500;
export const emptyFilters: ShopFilters = { name: '', category: '', pharmacy: '', minPrice: priceFloor, maxPrice: priceCeiling };

export const filtersActive = (f: ShopFilters) =>
  Boolean(f.name.trim() || f.category || f.pharmacy.trim() || f.minPrice !== priceFloor || f.maxPrice !== priceCeiling);

/** Shop prices: a dollar sign and two decimals. */
export const dollars = (price: number) => `$${Number(price).toFixed(2)}`;
