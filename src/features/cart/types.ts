export interface CartLine {
  _id: string;
  product: { _id?: string; slug: string; name: string; price: number; thumbnail: string; stock?: number };
  quantity: number;
}

export interface Cart {
  _id?: string;
  products: CartLine[];
  total: number;
}
