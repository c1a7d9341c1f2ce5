import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import type { ProductsTable } from '../../db/schema.js';
import { allowRoles, type Viewer } from '../../plugins/auth.js';
import { cleanField } from '../../lib/form-text.js';
import { firstFile, type Form } from '../../plugins/forms.js';
import type { MoveOrder, ProductFields } from './dto.js';
import { removeUnreferenced } from '../../storage/cleanup.js';
import type { App } from '../../types.js';
import { deliverNotifications, recordNotifications, type NotificationInput } from '../notifications/service.js';
import { shopService } from '../shop/service.js';
import { ordersRepository } from '../orders/repository.js';
import { ordersService } from '../orders/service.js';
import { prescriptionChecks } from '../prescriptions/checks.js';
import { nextStatuses, statusAskedFor, toReceivedOrder, type DeliveryStatus } from './dto.js';
import { readProductForm } from './product-form.js';
import { insertWithFreeSlug, slugify } from '../../lib/slugs.js';
import { pharmacyRepository } from './repository.js';

const notYours = 'Only the pharmacist who sells this product can change it';

/** What the buyer is told when a pharmacist moves one of her order's lines. */
function buyerNotice(order: { user_id: string; product_name: string }, to: DeliveryStatus, orderNumber: string, reason: string): NotificationInput {
  const what: Record<DeliveryStatus, string> = {
    pending: 'is pending again',
    shipped: 'has shipped',
    delivered: 'was delivered',
    cancelled: 'was cancelled by the pharmacy; its price is refunded to your card',
  };
  return {
    userId: order.user_id,
    event: 'order_status',
    title: `${order.product_name} from order ${orderNumber} ${what[to]}`,
    // A refusal says why, in the pharmacist's words.
    body: to === 'cancelled' && reason ? `The pharmacist's reason: ${reason}` : '',
    link: `/orders/${orderNumber}`,
    message: { key: 'order_status', orderNumber, product: order.product_name, status: to, reason },
  };
}

/** Pharmacists manage their own products and move the delivery status of orders for them. */
/** A product form: its text fields (checked by the body schema, HTML cleaned by product-form.ts) and its files. */
export interface ProductForm {
  fields: ProductFields;
  files: Form['files'];
}

export function pharmacyService(app: App) {
  const repo = pharmacyRepository(app.db);
  const shop = shopService(app);
  const orders = ordersService(app);
  const orderBook = ordersRepository(app.db);
  const prescriptions = prescriptionChecks(app.db);

  async function categoryId(slug: string | undefined) {
    if (slug === undefined) return undefined;
    const category = await repo.categoryBySlug(slug);
    if (!category) throw badRequest('This category does not exist; please choose one from the list');
    return category.id;
  }

  async function photosOf(form: ProductForm, label: string, owner: string) {
    const files = form.files.photos ?? [];
    const urls: string[] = [];
    for (const file of files) urls.push(await app.images.save(file, label, owner));
    return urls;
  }

  async function ownProduct(viewer: Viewer, slugText: string | undefined) {
    const slug = cleanField(slugText);
    const product = slug ? await repo.productBySlug(slug) : undefined;
    if (!product) throw notFound('This product does not exist or is no longer sold');
    if (product.owner_id !== viewer.id) throw forbidden(notYours);
    return product;
  }

  /** An order of the pharmacist's own products (404 when there is none, 403 when another pharmacist sells it). */
  async function orderToMove(viewer: Viewer, orderText: string | undefined) {
    allowRoles(viewer, 'pharmacist');
    const orderId = cleanField(orderText);
    const order = isId(orderId) ? await repo.order(orderId) : undefined;
    if (!order) throw notFound('This order does not exist');
    if (order.seller_id !== viewer.id) throw forbidden('Only the pharmacist who sells this product can change its orders');
    return order;
  }

  return {
    async mine(viewer: Viewer) {
      allowRoles(viewer, 'pharmacist');
      const slugs = await repo.ownSlugs(viewer.id);
      const products = [];
      for (const { slug } of slugs) products.push((await shop.product(slug)).product);
      return { products };
    },

    async create(viewer: Viewer, form: ProductForm) {
      allowRoles(viewer, 'pharmacist');
      const input = await readProductForm(form.fields, false, app.sanitizer, viewer.id);
      const category = await categoryId(input.categorySlug);
      const thumbnailFile = firstFile(form, 'thumbnail');
      if (!thumbnailFile) throw badRequest('Please choose a thumbnail image');
      const thumbnail = await app.images.save(thumbnailFile, 'The thumbnail', viewer.id);
      const photos = await photosOf(form, 'Each photo', viewer.id);
      const id = newId();
      const now = nowIso();
      const { slug } = await insertWithFreeSlug(slugify(input.name ?? '', 'product'), repo.slugTaken, (slug) =>
        app.db.transaction().execute(async (trx) => {
          const row: ProductsTable = {
            id,
            slug,
            name: input.name ?? '',
            price_cents: input.priceCents ?? 0,
            quantity: input.quantity ?? 0,
            thumbnail,
            about: input.about ?? '',
            description: input.description ?? '',
            indications: input.indications ?? '',
            side_effects: input.sideEffects ?? '',
            contraindications: input.contraindications ?? '',
            category_id: category ?? null,
            owner_id: viewer.id,
            brand: input.brand ?? '',
            deleted: 0,
            created_at: now,
            updated_at: now,
            active_ingredients: JSON.stringify(input.activeIngredients ?? []),
            prescription_only: input.prescriptionOnly ? 1 : 0,
          };
          await repo.insertProduct(trx, row);
          await repo.replacePhotos(
            trx,
            id,
            (photos.length ? photos : [thumbnail]).map((url, position) => ({ id: newId(), product_id: id, url, position })),
          );
        }),
      );
      return { message: 'Product added successfully', ...(await shop.product(slug)) };
    },

    async update(viewer: Viewer, slugText: string | undefined, form: ProductForm) {
      allowRoles(viewer, 'pharmacist');
      const product = await ownProduct(viewer, slugText);
      const input = await readProductForm(form.fields, true, app.sanitizer, viewer.id);
      const category = await categoryId(input.categorySlug);
      const thumbnailFile = firstFile(form, 'thumbnail');
      const thumbnail = thumbnailFile ? await app.images.save(thumbnailFile, 'The thumbnail', viewer.id) : undefined;
      const photos = await photosOf(form, 'Each photo', viewer.id);
      const changes: Partial<ProductsTable> = { updated_at: nowIso() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.priceCents !== undefined) changes.price_cents = input.priceCents;
      if (input.quantity !== undefined) changes.quantity = input.quantity;
      if (category !== undefined) changes.category_id = category;
      if (input.brand !== undefined) changes.brand = input.brand;
      if (input.activeIngredients !== undefined) changes.active_ingredients = JSON.stringify(input.activeIngredients);
      if (input.prescriptionOnly !== undefined) changes.prescription_only = input.prescriptionOnly ? 1 : 0;
      if (thumbnail) changes.thumbnail = thumbnail;
      if (input.about !== undefined) {
        if (!input.about) throw badRequest('Please write a short text about the product');
        changes.about = input.about;
      }
      if (input.description !== undefined) changes.description = input.description;
      if (input.indications !== undefined) changes.indications = input.indications;
      if (input.sideEffects !== undefined) changes.side_effects = input.sideEffects;
      if (input.contraindications !== undefined) changes.contraindications = input.contraindications;
      const replaced = [...(thumbnail ? [product.thumbnail] : []), ...(photos.length ? await repo.photoUrls(product.id) : [])];
      try {
        await app.db.transaction().execute(async (trx) => {
          await repo.updateProduct(trx, product.id, changes);
          if (photos.length)
            await repo.replacePhotos(
              trx,
              product.id,
              photos.map((url, position) => ({ id: newId(), product_id: product.id, url, position })),
            );
        });
      } catch (error) {
        // Nothing refers to the files just saved: they go, and the old ones stay.
        await removeUnreferenced(app.db, app.config.uploadDir, [...(thumbnail ? [thumbnail] : []), ...photos]);
        throw error;
      }
      // Replaced photos would otherwise stay on disk for ever.
      await removeUnreferenced(app.db, app.config.uploadDir, replaced);
      // The address stays the same when the name changes, so links and carts keep working.
      return { message: 'Product updated successfully', ...(await shop.product(product.slug)) };
    },

    async remove(viewer: Viewer, slugText: string | undefined) {
      allowRoles(viewer, 'pharmacist');
      const product = await ownProduct(viewer, slugText);
      await app.db.transaction().execute((trx) => repo.softDelete(trx, product.id, nowIso()));
      return { message: 'Product deleted successfully' };
    },

    async received(viewer: Viewer) {
      allowRoles(viewer, 'pharmacist');
      const rows = await repo.ordersOfSeller(viewer.id);
      return { orders: rows.map((r) => toReceivedOrder(r, app.images)) };
    },

    ownProduct,
    orderToMove,

    /** pending → shipped → delivered, or cancelled before delivery, which puts the stock back. */
    async moveOrder(viewer: Viewer, orderText: string | undefined, form: MoveOrder) {
      const order = await orderToMove(viewer, orderText);
      const to = statusAskedFor(form);
      const reason = form.reason;
      const from = order.delivery_status;
      if (!nextStatuses[from].includes(to)) throw conflict(`An order that is ${from} cannot become ${to}`);
      // Refusing a prescription order is a decision the buyer must be told the reason for.
      if (to === 'cancelled' && order.prescription_line_id && !reason) throw badRequest('Please write why you refuse this prescription order');
      const at = nowIso();
      const paid = await orderBook.paymentById(order.payment_id);
      const moved = await app.db.transaction().execute(async (trx) => {
        if (!(await repo.moveOrder(trx, order.id, from, to, at, to === 'cancelled' ? reason : ''))) return null;
        await orderBook.addEvent(trx, { id: newId(), order_id: order.id, status: to, actor_role: 'pharmacist', created_at: at });
        if (to === 'cancelled') {
          await repo.returnStock(trx, order.product_id, Number(order.quantity));
          // The prescribed packs can be bought again (elsewhere) against the same prescription.
          await prescriptions.restore(trx, order.prescription_line_id, Number(order.quantity));
          // The buyer paid for this line: it is refunded like a cancellation by the buyer.
          await orderBook.addRefund(trx, {
            id: newId(),
            payment_id: order.payment_id,
            amount_cents: Number(order.price_cents),
            status: 'pending',
            provider_ref: '',
            created_at: at,
            updated_at: at,
          });
        }
        return recordNotifications(trx, paid ? [buyerNotice(order, to, paid.order_number, reason)] : []);
      });
      if (!moved) throw conflict('This order was changed meanwhile; please reload and try again');
      void deliverNotifications(app, moved);
      const payment = to === 'cancelled' ? paid : undefined;
      if (payment) await orders.sendRefunds(payment);
      const [row] = await repo.ordersOfSeller(viewer.id, order.id);
      return { message: to === 'cancelled' && reason ? `The order is refused: ${reason}` : `The order is now ${to}`, order: toReceivedOrder(row, app.images) };
    },
  };
}
