import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { newId } from '../../lib/ids.js';
import type { Database, ProductsTable } from '../schema.js';
import { productSvg, writeArt } from './art.js';

type Product = [name: string, form: string, price: number, stock: number, about: string];

/** Categories with their sub-categories, and the products in each sub-category. */
const catalogue: Record<string, Record<string, Product[]>> = {
  'Pain Relief': {
    Headache: [
      ['Paracetamol 500 mg', '24 tablets', 3.5, 180, 'Relieves mild to moderate pain and lowers fever.'],
      ['Paracetamol Extra 500/65 mg', '20 tablets', 4.75, 120, 'Paracetamol with caffeine for tension headaches.'],
      ['Migraine Relief Duo', '12 tablets', 9.9, 40, 'Fast-acting relief for migraine attacks.'],
    ],
    'Muscle & Joint': [
      ['Ibuprofen 400 mg', '24 tablets', 5.2, 150, 'Anti-inflammatory pain relief for muscle and joint pain.'],
      ['Diclofenac Gel 1%', '50 g gel', 7.8, 90, 'Topical gel for sprains, strains and joint pain.'],
      ['Naproxen 250 mg', '20 tablets', 6.4, 70, 'Long-lasting relief for back pain and period pain.'],
      ['Warming Muscle Patch', '5 patches', 8.5, 60, 'Heat patches that soothe stiff muscles for up to 8 hours.'],
    ],
  },
  'Cold & Flu': {
    Cough: [
      ['Dry Cough Syrup', '120 ml syrup', 6.9, 85, 'Soothes dry, tickly coughs day and night.'],
      ['Chesty Cough Expectorant', '150 ml syrup', 7.25, 75, 'Loosens mucus to clear chesty coughs.'],
      ['Honey & Lemon Lozenges', '24 lozenges', 3.2, 200, 'Soothing lozenges for sore throats.'],
    ],
    'Nasal Relief': [
      ['Saline Nasal Spray', '30 ml spray', 4.1, 140, 'Gently clears a blocked nose; suitable for daily use.'],
      ['Xylometazoline 0.1% Spray', '10 ml spray', 5.6, 95, 'Decongestant spray for up to 10 hours of relief.'],
      ['Cold & Flu Day/Night', '16 capsules', 8.9, 110, 'Relieves cold and flu symptoms around the clock.'],
    ],
  },
  'Vitamins & Supplements': {
    Multivitamins: [
      ['Daily Multivitamin for Adults', '30 tablets', 12.5, 160, 'A complete daily formula of 23 vitamins and minerals.'],
      ['Prenatal Multivitamin', '30 capsules', 18.9, 55, 'Folic acid, iron and DHA for pregnancy.'],
      ['Kids Multivitamin Gummies', '60 gummies', 14.2, 80, 'Fruit-flavoured vitamins for children aged 3 and over.'],
    ],
    Immunity: [
      ['Vitamin C 1000 mg Effervescent', '20 tablets', 6.3, 130, 'Supports the immune system; orange flavour.'],
      ['Vitamin D3 5000 IU', '60 softgels', 11.0, 100, 'Supports bones, muscles and immunity.'],
      ['Zinc 25 mg', '60 tablets', 7.4, 90, 'Supports normal immune function.'],
      ['Omega-3 Fish Oil 1000 mg', '60 softgels', 15.6, 70, 'EPA and DHA for heart and brain health.'],
    ],
  },
  'Skin Care': {
    Moisturizers: [
      ['Fragrance-Free Moisturizing Cream', '250 ml cream', 13.9, 65, 'For dry and sensitive skin; non-comedogenic.'],
      ['Urea 10% Foot Cream', '100 ml cream', 9.3, 45, 'Repairs cracked heels and very dry skin.'],
      ['Hydrocortisone 1% Cream', '15 g cream', 4.9, 60, 'Relieves itching and inflammation from eczema and bites.'],
    ],
    'Sun Protection': [
      ['Sunscreen SPF 50+ Fluid', '50 ml fluid', 19.5, 75, 'Very high protection, light texture for the face.'],
      ['Kids Sunscreen SPF 50', '200 ml lotion', 22.0, 40, 'Water-resistant protection for children.'],
      ['After-Sun Aloe Gel', '200 ml gel', 8.2, 50, 'Cools and soothes skin after sun exposure.'],
    ],
  },
  'Digestive Health': {
    Antacids: [
      ['Antacid Chewable Tablets', '24 tablets', 4.4, 140, 'Fast relief from heartburn and indigestion.'],
      ['Omeprazole 20 mg', '14 capsules', 6.8, 90, 'Reduces stomach acid for lasting heartburn relief.'],
      ['Alginate Reflux Liquid', '300 ml liquid', 10.5, 55, 'Forms a protective layer against reflux.'],
    ],
    Probiotics: [
      ['Daily Probiotic 10 Billion', '30 capsules', 21.0, 60, 'Ten strains to support gut health.'],
      ['Oral Rehydration Salts', '10 sachets', 3.9, 170, 'Replaces fluids and salts lost with diarrhoea.'],
      ['Loperamide 2 mg', '12 capsules', 4.2, 100, 'Short-term relief of acute diarrhoea.'],
    ],
  },
  'Diabetes Care': {
    Monitoring: [
      ['Blood Glucose Meter Kit', 'Meter with 10 strips', 45.0, 25, 'Accurate readings in 5 seconds with a small sample.'],
      ['Glucose Test Strips', '50 strips', 24.9, 80, 'For use with the clinic glucose meter kit.'],
      ['Sterile Lancets 30G', '100 lancets', 7.5, 120, 'Ultra-thin lancets for gentle testing.'],
    ],
    'Foot & Skin': [
      ['Diabetic Socks', '3 pairs', 16.0, 40, 'Non-binding cuffs and seamless toes for sensitive feet.'],
      ['Diabetic Foot Balm', '75 ml balm', 11.8, 35, 'Intensive care for dry feet.'],
    ],
  },
  'Medical Devices': {
    'Blood Pressure': [
      ['Upper Arm Blood Pressure Monitor', '1 device', 65.0, 20, 'Clinically validated monitor with irregular heartbeat detection.'],
      ['Wrist Blood Pressure Monitor', '1 device', 39.0, 18, 'Compact monitor for home and travel.'],
    ],
    'Thermometers & Oximeters': [
      ['Digital Thermometer', '1 device', 6.5, 90, 'Reads in 10 seconds with a fever alarm.'],
      ['Infrared Forehead Thermometer', '1 device', 29.0, 30, 'Contact-free readings in one second.'],
      ['Fingertip Pulse Oximeter', '1 device', 24.0, 35, 'Measures oxygen saturation and pulse rate.'],
      ['Mesh Nebulizer', '1 device', 89.0, 10, 'Quiet, portable nebulizer for asthma medications.'],
      ['Home ECG Monitor', '1 device', 480.0, 4, 'Single-lead ECG with a report to share with your cardiologist.'],
    ],
  },
  'Prescription Medicines': {
    Antibiotics: [
      ['Amoxicillin 500 mg', '21 capsules', 8.5, 60, 'A penicillin antibiotic for bacterial infections; sold only with a prescription.'],
      ['Azithromycin 250 mg', '6 tablets', 12.0, 40, 'A macrolide antibiotic for chest, ear and throat infections; sold only with a prescription.'],
    ],
  },
  'First Aid': {
    'Wound Care': [
      ['Sterile Gauze Pads 10x10 cm', '10 pads', 3.6, 150, 'For cleaning and covering wounds.'],
      ['Antiseptic Solution', '250 ml solution', 5.9, 110, 'Cleans cuts and grazes to prevent infection.'],
      ['Assorted Plasters', '40 plasters', 3.1, 200, 'Breathable, flexible plasters in five sizes.'],
      ['Elastic Bandage 10 cm', '1 roll', 2.8, 130, 'Supports sprains and holds dressings in place.'],
      ['Family First Aid Kit', '1 kit', 32.0, 0, 'Everything a home needs for minor injuries, in one case.'],
    ],
  },
};

/**
 * Active ingredients of every medicine, read by the prescription safety check. Devices, socks and
 * dressings have none and are left out.
 */
export const seededIngredients: Record<string, string[]> = {
  'Paracetamol 500 mg': ['Paracetamol'],
  'Paracetamol Extra 500/65 mg': ['Paracetamol', 'Caffeine'],
  'Migraine Relief Duo': ['Aspirin', 'Paracetamol', 'Caffeine'],
  'Ibuprofen 400 mg': ['Ibuprofen'],
  'Diclofenac Gel 1%': ['Diclofenac'],
  'Naproxen 250 mg': ['Naproxen'],
  'Warming Muscle Patch': ['Capsaicin'],
  'Dry Cough Syrup': ['Dextromethorphan'],
  'Chesty Cough Expectorant': ['Guaifenesin'],
  'Honey & Lemon Lozenges': ['Amylmetacresol', 'Dichlorobenzyl alcohol'],
  'Saline Nasal Spray': ['Sodium chloride'],
  'Xylometazoline 0.1% Spray': ['Xylometazoline'],
  'Cold & Flu Day/Night': ['Paracetamol', 'Pseudoephedrine', 'Chlorphenamine'],
  'Daily Multivitamin for Adults': ['Vitamin A', 'Vitamin B complex', 'Vitamin C', 'Vitamin D3', 'Vitamin E', 'Zinc'],
  'Prenatal Multivitamin': ['Folic acid', 'Iron', 'Docosahexaenoic acid'],
  'Kids Multivitamin Gummies': ['Vitamin A', 'Vitamin C', 'Vitamin D3'],
  'Vitamin C 1000 mg Effervescent': ['Vitamin C'],
  'Vitamin D3 5000 IU': ['Vitamin D3'],
  'Zinc 25 mg': ['Zinc'],
  'Omega-3 Fish Oil 1000 mg': ['Omega-3 fatty acids'],
  'Fragrance-Free Moisturizing Cream': ['Glycerin'],
  'Urea 10% Foot Cream': ['Urea'],
  'Hydrocortisone 1% Cream': ['Hydrocortisone'],
  'Sunscreen SPF 50+ Fluid': ['Avobenzone', 'Octocrylene'],
  'Kids Sunscreen SPF 50': ['Zinc oxide', 'Titanium dioxide'],
  'After-Sun Aloe Gel': ['Aloe vera'],
  'Antacid Chewable Tablets': ['Calcium carbonate', 'Magnesium hydroxide'],
  'Omeprazole 20 mg': ['Omeprazole'],
  'Alginate Reflux Liquid': ['Sodium alginate', 'Sodium bicarbonate'],
  'Daily Probiotic 10 Billion': ['Lactobacillus acidophilus', 'Bifidobacterium lactis'],
  'Oral Rehydration Salts': ['Sodium chloride', 'Potassium chloride', 'Glucose'],
  'Loperamide 2 mg': ['Loperamide'],
  'Diabetic Foot Balm': ['Urea'],
  'Antiseptic Solution': ['Chlorhexidine'],
  'Amoxicillin 500 mg': ['Amoxicillin'],
  'Azithromycin 250 mg': ['Azithromycin'],
};

/** Sold only against a valid prescription. */
export const seededPrescriptionOnly = new Set(['Amoxicillin 500 mg', 'Azithromycin 250 mg']);

/**
 * The same medicine listed by a second pharmacy at another price, so buying a prescription shows
 * the cheapest offer and a choice.
 */
const secondOffers: [name: string, slug: string, price: number, stock: number][] = [['Amoxicillin 500 mg', 'amoxicillin-500-mg-2', 9.25, 30]];

/** Brand names of some products, so the shop can be searched by brand ("Panadol"). */
const brands: Record<string, string> = {
  'Paracetamol 500 mg': 'Panadol',
  'Paracetamol Extra 500/65 mg': 'Panadol',
  'Ibuprofen 400 mg': 'Brufen',
  'Diclofenac Gel 1%': 'Voltaren',
  'Xylometazoline 0.1% Spray': 'Otrivin',
  'Vitamin C 1000 mg Effervescent': 'Redoxon',
  'Omeprazole 20 mg': 'Losec',
  'Loperamide 2 mg': 'Imodium',
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/%/g, '-percent')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const html = (name: string, about: string) => ({
  description: `<p>${about}</p><p><strong>${name}</strong> is sold by a licensed pharmacist and dispatched in its original sealed pack.</p>`,
  indications: '<ul><li>Use as directed on the pack or by your doctor.</li><li>Read the leaflet before first use.</li></ul>',
  sideEffects: '<p>Most people have no side effects. Stop using it and ask a pharmacist if you notice a rash, swelling or unusual symptoms.</p>',
  contraindications:
    '<p>Do not use if you are allergic to any ingredient. Ask your doctor first if you are pregnant, breastfeeding or taking other medicines.</p>',
});

export async function seedShop(db: Kysely<Database>, config: Config, pharmacistIds: string[]): Promise<void> {
  let position = 0;
  let owner = 0;
  const base = Date.now() - 60 * 86400000;
  let n = 0;
  for (const [categoryName, subs] of Object.entries(catalogue)) {
    const categoryId = newId();
    await db
      .insertInto('categories')
      .values({ id: categoryId, name: categoryName, slug: slug(categoryName), parent_id: null, position: position++ })
      .execute();
    for (const [subName, products] of Object.entries(subs)) {
      const subId = newId();
      await db
        .insertInto('categories')
        .values({ id: subId, name: subName, slug: slug(subName), parent_id: categoryId, position: position++ })
        .execute();
      for (const [name, form, price, stock, about] of products) {
        const id = newId();
        const productSlug = slug(name);
        const image = writeArt(config.uploadDir, `product-${productSlug}`, productSvg(name, form));
        const text = html(name, about);
        const at = new Date(base + n++ * 3600000).toISOString();
        await db
          .insertInto('products')
          .values({
            id,
            slug: productSlug,
            name,
            price_cents: Math.round(price * 100),
            quantity: stock,
            thumbnail: image,
            about,
            description: text.description,
            indications: text.indications,
            side_effects: text.sideEffects,
            contraindications: text.contraindications,
            category_id: subId,
            owner_id: pharmacistIds[owner++ % pharmacistIds.length],
            brand: brands[name] ?? '',
            active_ingredients: JSON.stringify(seededIngredients[name] ?? []),
            prescription_only: seededPrescriptionOnly.has(name) ? 1 : 0,
            deleted: 0,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await db.insertInto('product_photos').values({ id: newId(), product_id: id, url: image, position: 0 }).execute();
      }
    }
  }
  for (const [name, offerSlug, price, stock] of secondOffers) {
    const first: Record<string, unknown> & ProductsTable = await db.selectFrom('products').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    // PostgreSQL computes the search document itself (a generated column) and refuses a copied one.
    delete first.search_document;
    const id = newId();
    const at = new Date(base + n++ * 3600000).toISOString();
    await db
      .insertInto('products')
      .values({
        ...first,
        id,
        slug: offerSlug,
        price_cents: Math.round(price * 100),
        quantity: stock,
        owner_id: pharmacistIds.find((p) => p !== first.owner_id) ?? first.owner_id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db.insertInto('product_photos').values({ id: newId(), product_id: id, url: first.thumbnail, position: 0 }).execute();
  }
}
