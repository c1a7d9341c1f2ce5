export interface OwnProduct {
  _id: string;
  slug: string;
  name: string;
  price: number;
  quantity: number;
  thumbnail: string;
  about: string;
  description: string;
  indications: string;
  sideEffects: string;
  contraindicationsAndWarnings: string;
  category: { name: string; slug: string } | null;
  activeIngredients?: string[];
  prescriptionOnly?: boolean;
}

export interface CategoryOption {
  _id: string;
  name: string;
  slug: string;
  sub_categories: { _id: string; name: string; slug: string }[];
}

export interface ReceivedOrder {
  _id: string;
  medicine: { name: string; slug: string };
  buyer: { name: string; phone: string };
  quantity: number;
  price: number;
  currency: string;
  deliveryStatus: string;
  nextStatuses: string[];
  location: string;
  country: string;
  government: string;
  created_at: string;
  /** The prescription it was bought against (prescription-only products); null otherwise. */
  prescription?: { _id: string; code: string; issuedAt: string; validUntil: string; doctor: { name: string; licenseNumber: string } } | null;
  /** Why the pharmacist refused it ('' unless refused). */
  refusalReason?: string;
}
