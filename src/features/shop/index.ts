/** What other features may use of the shop: the product categories (the pharmacist's product form offers them). */
export { fetchCategories, selectShop } from './shopSlice';
