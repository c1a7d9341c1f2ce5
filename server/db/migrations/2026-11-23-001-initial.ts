import { type Kysely, sql } from 'kysely';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

const id = 'varchar(24)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blood_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('height', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('government', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('certificate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pharmacy_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pharmacy_location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('working_date', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('office_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('specialization', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_username_unique').on('users').column('username').unique().execute();
  // Doctor names are URL keys (/doctor/{name}), so they are unique among doctors.
  await db.schema.createIndex('users_doctor_name_unique').on('users').column('name').unique().where(sql.ref('role'), '=', 'doctor').execute();
  await db.schema.createIndex('users_role_specialization').on('users').columns(['role', 'specialization']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('doctor_education')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('doctor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('degree', 'text', (c) => c.notNull())
    .addColumn('school', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('doctor_education_doctor').on('doctor_education').column('doctor_id').execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('doctor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('patient_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointments_doctor_start_unique').on('appointments').columns(['doctor_id', 'starts_at']).unique().execute();
  await db.schema.createIndex('appointments_patient').on('appointments').column('patient_id').execute();

  await db.schema
    .createTable('care_relations')
    .addColumn('doctor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_reserved_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('care_relations_pk', ['doctor_id', 'patient_id'])
    .execute();
  await db.schema.createIndex('care_relations_patient').on('care_relations').column('patient_id').execute();

  await db.schema
    .createTable('ratings')
    .addColumn('doctor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ratings_pk', ['doctor_id', 'patient_id'])
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('parent_id', id, (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('indications', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('side_effects', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contraindications', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', id, (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('products_quantity_not_negative', sql`quantity >= 0`)
    .addCheckConstraint('products_price_not_negative', sql`price_cents >= 0`)
    .execute();
  await db.schema.createIndex('products_owner').on('products').column('owner_id').execute();
  await db.schema.createIndex('products_category').on('products').column('category_id').execute();
  await db.schema.createIndex('products_listing').on('products').columns(['deleted', 'created_at', 'id']).execute();

  await db.schema
    .createTable('product_photos')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('product_id', id, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_photos_product').on('product_photos').column('product_id').execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', id, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('cart_items_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('cart_items_user_product').on('cart_items').columns(['user_id', 'product_id']).unique().execute();

  await db.schema
    .createTable('checkouts')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('payment_id', id)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkouts_user_key').on('checkouts').columns(['user_id', 'idempotency_key']).unique().execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('checkout_id', id, (c) => c.notNull().references('checkouts.id'))
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user').on('payments').column('user_id').execute();
  await db.schema.createIndex('payments_checkout_unique').on('payments').column('checkout_id').unique().execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payment_id', id, (c) => c.notNull().references('payments.id'))
    .addColumn('product_id', id, (c) => c.notNull().references('products.id'))
    .addColumn('seller_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('delivery_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('government', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_seller').on('orders').column('seller_id').execute();

  await db.schema
    .createTable('blog_categories')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('blogs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(250)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('category_id', id, (c) => c.notNull().references('blog_categories.id'))
    .addColumn('author_id', id, (c) => c.notNull().references('users.id'))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blogs_created').on('blogs').column('created_at').execute();

  await db.schema
    .createTable('slides')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('text_on_link', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('menu_items')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('menu_id', id, (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('chats')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('sender_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chats_pair_unique').on('chats').columns(['sender_id', 'receiver_id']).unique().execute();
  await db.schema.createIndex('chats_receiver').on('chats').column('receiver_id').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('chat_id', id, (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('sender_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_chat_created').on('messages').columns(['chat_id', 'created_at']).execute();

  await db.schema
    .createTable('chat_reads')
    .addColumn('chat_id', id, (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_reads_pk', ['chat_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('histories')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('patient_id', id, (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('current_state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blood_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pregnancy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  const entry = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('history_id', id, (c) => c.notNull().references('histories.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull());

  await entry('history_medicines')
    .addColumn('medicine', 'text', (c) => c.notNull())
    .addColumn('date', 'varchar(32)', (c) => c.notNull())
    .execute();
  await entry('history_diagnoses')
    .addColumn('diagnosis', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('doctor_id', id, (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await entry('history_chronic_diseases')
    .addColumn('diagnosis', 'text', (c) => c.notNull())
    .addColumn('date', 'varchar(32)', (c) => c.notNull())
    .addColumn('cured', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await entry('history_genetic_diseases')
    .addColumn('disease', 'text', (c) => c.notNull())
    .addColumn('injured', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cured', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await entry('history_surgeries')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'varchar(32)', (c) => c.notNull())
    .execute();
  await entry('history_continuous_medications')
    .addColumn('medicine', 'text', (c) => c.notNull())
    .addColumn('dose', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await entry('history_lab_tests')
    .addColumn('lab', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const table of [
    'history_medicines',
    'history_diagnoses',
    'history_chronic_diseases',
    'history_genetic_diseases',
    'history_surgeries',
    'history_continuous_medications',
    'history_lab_tests',
  ]) {
    await db.schema.createIndex(`${table}_history`).on(table).column('history_id').execute();
  }

  await db.schema
    .createTable('history_access_log')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', id)
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_role', 'varchar(16)', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('history_access_log_patient').on('history_access_log').columns(['patient_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'history_access_log',
    'history_lab_tests',
    'history_continuous_medications',
    'history_surgeries',
    'history_genetic_diseases',
    'history_chronic_diseases',
    'history_diagnoses',
    'history_medicines',
    'histories',
    'chat_reads',
    'messages',
    'chats',
    'menu_items',
    'menus',
    'slides',
    'blogs',
    'blog_categories',
    'orders',
    'payments',
    'checkouts',
    'cart_items',
    'product_photos',
    'products',
    'categories',
    'ratings',
    'care_relations',
    'appointments',
    'doctor_education',
    'login_attempts',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
