import { useTranslation } from '../../i18n';

/** An order as `GET orders/{number}` answers it. */
export interface OrderDetail {
  number: string;
  placedAt: string;
  status: string;
  currency: string;
  lines: {
    _id: string;
    medicine: { _id: string; name: string; slug: string; thumbnail: string };
    quantity: number;
    unitPrice: number;
    total: number;
    deliveryStatus: string;
    /** Why the pharmacy refused this line (a prescription it would not fill); '' or absent otherwise. */
    refusalReason?: string;
  }[];
  totals: { items: number; subtotal: number; cancelled: number; total: number; refunded: number };
  delivery: { location: string; country: string; government: string };
  payment: { brand: string; last4: string; exp_month: number; exp_year: number; amount: number; paidAt: string } | null;
  refunds: { amount: number; status: string; created_at: string; updated_at: string }[];
  timeline: { status: string; at: string; item: string }[];
  canCancel: boolean;
  canRetryRefund: boolean;
}

export interface ReorderAnswer {
  message: string;
  added: { name: string; quantity: number }[];
  unavailable: { name: string; reason: string }[];
}

export const statusStyle: Record<string, string> = {
  pending: 'text-bg-warning',
  shipped: 'text-bg-info',
  delivered: 'text-bg-success',
  cancelled: 'text-bg-secondary',
};

/** A line's or an order's delivery status in the page's language (a status the texts do not know shows as sent). */
export function useStatusLabel() {
  const { t } = useTranslation('orders');
  return (status: string) => t(`delivery.${status}`, { defaultValue: status });
}

/** A card's expiry as printed on it: "08/2028". */
export const cardExpiry = (card: { exp_month: number; exp_year: number }) => `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/** One line of `GET orders/user` (Settings → Orders). */
export interface OrderLine {
  _id: string;
  /** The order number shared by the lines of one checkout. */
  number?: string;
  medicine: { name: string; slug: string };
  quantity: number;
  price: number;
  currency: string;
  deliveryStatus: string;
  created_at: string;
}

/** One card payment of `GET payments` (Settings → Payments). */
export interface Payment {
  _id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  amount: number;
  currency: string;
  created_at: string;
}
