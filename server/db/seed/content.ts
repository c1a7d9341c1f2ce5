import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { newId } from '../../lib/ids.js';
import type { Database } from '../schema.js';
import { bannerSvg, writeArt } from './art.js';

// Each text with its Arabic, as the clinic publishes both.
const slides = [
  [
    ['Your health, our priority', 'صحتك أولويتنا'],
    [
      'Specialists in eight departments, open six days a week, with same-week appointments.',
      'أطباء متخصصون في ثمانية أقسام، نعمل ستة أيام في الأسبوع، ومواعيد متاحة خلال الأسبوع نفسه.',
    ],
    '/doctors',
    ['Find a doctor', 'ابحث عن طبيب'],
  ],
  [
    ['A pharmacy at your door', 'صيدلية حتى باب بيتك'],
    [
      'Order medicines and health products from licensed pharmacists and pay securely by card.',
      'اطلب الأدوية ومنتجات الصحة من صيادلة مرخّصين، وادفع بالبطاقة بأمان.',
    ],
    '/shop',
    ['Visit the shop', 'زر الصيدلية'],
  ],
  [
    ['Talk to your doctor', 'تحدّث مع طبيبك'],
    [
      'After booking, chat with your doctor and keep your medical history in one private place.',
      'بعد الحجز، راسل طبيبك واحتفظ بسجلك الطبي في مكان واحد خاص بك.',
    ],
    '/appointment/request',
    ['Request an appointment', 'اطلب موعدًا'],
  ],
] as const;

const features = [
  [['Find a doctor', 'ابحث عن طبيب'], '/doctors', 'fa fa-user-md'],
  [['Book an appointment', 'احجز موعدًا'], '/appointment/request', 'fa fa-calendar-check-o'],
  [['Online pharmacy', 'الصيدلية الإلكترونية'], '/shop', 'fa fa-medkit'],
  [['Chat with your doctor', 'راسل طبيبك'], '/chat', 'fa fa-comments'],
] as const;

const benefits = [
  [['Experienced specialists', 'أطباء متخصصون ذوو خبرة'], '/doctors', 'fa fa-stethoscope'],
  [['Same-week appointments', 'مواعيد خلال الأسبوع نفسه'], '/appointment/request', 'fa fa-clock-o'],
  [['Licensed pharmacists', 'صيادلة مرخّصون'], '/shop', 'fa fa-plus-square'],
  [['Your record stays private', 'سجلك الطبي يبقى خاصًا بك'], '/settings/profile', 'fa fa-lock'],
] as const;

const blogCategories = [
  ['Heart Health', 'heart-health'],
  ['Nutrition', 'nutrition'],
  ['Women’s Health', 'womens-health'],
  ['Children’s Health', 'childrens-health'],
  ['Medicines', 'medicines'],
] as const;

const blogs: { title: string; category: string; paragraphs: string[] }[] = [
  {
    title: 'Five everyday habits that protect your heart',
    category: 'heart-health',
    paragraphs: [
      'Heart disease develops over years, and so does protection against it. Small habits repeated every day matter more than occasional big efforts.',
      '<strong>Walk for 30 minutes on most days.</strong> Brisk walking lowers blood pressure and improves cholesterol. Split it into three 10-minute walks if that is easier.',
      '<strong>Cut down on salt.</strong> Most salt comes from bread, cheese and ready meals rather than the salt shaker. Read labels and cook at home when you can.',
      '<strong>Know your numbers.</strong> Have your blood pressure, blood sugar and cholesterol checked once a year after the age of 40, or earlier if heart disease runs in your family.',
      'If you feel chest pain, shortness of breath on effort or palpitations, book a visit with our cardiology department rather than waiting.',
    ],
  },
  {
    title: 'Fasting safely with diabetes',
    category: 'nutrition',
    paragraphs: [
      'Many people with diabetes fast safely, but fasting changes how medicines and meals fit together. Plan it with your doctor a few weeks before.',
      'Your doctor may change the dose or timing of your tablets or insulin. Never stop insulin without advice.',
      'Check your blood sugar more often, especially in the afternoon. Break the fast at once if your reading is below 70 mg/dL or above 300 mg/dL, or if you feel shaky, sweaty or confused.',
      'At the evening meal, start with water and dates, then a balanced plate with vegetables, protein and whole grains. Delay the pre-dawn meal as late as possible.',
    ],
  },
  {
    title: 'What to expect at your first pregnancy visit',
    category: 'womens-health',
    paragraphs: [
      'The first antenatal visit is usually between 8 and 12 weeks. It is longer than later visits because it sets up your care for the whole pregnancy.',
      'Your gynaecologist will ask about your health, previous pregnancies and family history, and check your blood pressure and weight.',
      'Blood tests check your blood group, iron level and immunity to some infections. An ultrasound confirms the due date.',
      'Bring a list of any medicines you take. Start folic acid if you have not already: it protects the baby’s developing spine.',
    ],
  },
  {
    title: 'Fever in children: when to worry',
    category: 'childrens-health',
    paragraphs: [
      'Fever is the body’s normal response to infection and is rarely dangerous in itself. How your child looks and behaves matters more than the number on the thermometer.',
      'Give paracetamol or ibuprofen in the dose for your child’s weight if they are uncomfortable, and offer plenty of fluids.',
      'See a doctor the same day if your baby is under 3 months old with a temperature of 38 °C or more, if the fever lasts more than 3 days, or if your child is unusually drowsy.',
      'Call emergency services for a rash that does not fade under a glass, difficulty breathing or a fit.',
    ],
  },
  {
    title: 'How to use antibiotics responsibly',
    category: 'medicines',
    paragraphs: [
      'Antibiotics treat infections caused by bacteria. They do not work against viruses such as colds and most sore throats.',
      'Take antibiotics only when a doctor prescribes them, at the times and for the number of days prescribed, even if you feel better sooner.',
      'Never share antibiotics or keep leftovers for next time: the wrong antibiotic can hide symptoms and encourage resistant bacteria.',
      'Tell your doctor or pharmacist about any allergy, especially to penicillin.',
    ],
  },
  {
    title: 'Screen time and your eyes',
    category: 'medicines',
    paragraphs: [
      'Long hours at a screen cause tired, dry eyes and headaches, a group of symptoms called digital eye strain.',
      'Follow the 20-20-20 rule: every 20 minutes, look at something 20 feet away for 20 seconds.',
      'Keep the screen an arm’s length away and slightly below eye level, and blink often. Lubricating eye drops help with dryness.',
      'If you still have blurred vision or headaches, book an eye examination: you may need glasses for screen distance.',
    ],
  },
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function seedContent(db: Kysely<Database>, config: Config, authorIds: string[]): Promise<void> {
  for (const [i, [[title, titleAr], [description, descriptionAr], link, [textOnLink, textOnLinkAr]]] of slides.entries()) {
    await db
      .insertInto('slides')
      .values({
        id: newId(),
        image: writeArt(config.uploadDir, `slide-${i + 1}`, bannerSvg(title)),
        title,
        description,
        link,
        text_on_link: textOnLink,
        title_ar: titleAr,
        description_ar: descriptionAr,
        text_on_link_ar: textOnLinkAr,
        position: i,
      })
      .execute();
  }
  const menus = [
    ['features', ['Everything you need for your care, in one place.', 'كل ما تحتاجه لرعايتك في مكان واحد.'], features],
    [
      'benefits',
      [
        'Nile Clinic brings together specialists, a pharmacy and your medical record, so every visit builds on the last one.',
        'تجمع عيادة النيل الأطباء المتخصصين والصيدلية وسجلك الطبي، فتبني كل زيارة على ما سبقها.',
      ],
      benefits,
    ],
  ] as const;
  for (const [name, [description, descriptionAr], items] of menus) {
    const menuId = newId();
    await db.insertInto('menus').values({ id: menuId, name, description, description_ar: descriptionAr }).execute();
    await db
      .insertInto('menu_items')
      .values(items.map(([[title, titleAr], link, icon], position) => ({ id: newId(), menu_id: menuId, title, title_ar: titleAr, link, icon, position })))
      .execute();
  }
  const categoryIds = new Map<string, string>();
  for (const [name, categorySlug] of blogCategories) {
    const id = newId();
    categoryIds.set(categorySlug, id);
    await db.insertInto('blog_categories').values({ id, name, slug: categorySlug }).execute();
  }
  const start = Date.now() - blogs.length * 6 * 86400000;
  for (const [i, blog] of blogs.entries()) {
    const at = new Date(start + i * 6 * 86400000).toISOString();
    const blogSlug = slug(blog.title);
    await db
      .insertInto('blogs')
      .values({
        id: newId(),
        slug: blogSlug,
        title: blog.title,
        content: blog.paragraphs.map((p) => `<p>${p}</p>`).join(''),
        thumbnail: writeArt(config.uploadDir, `blog-${blogSlug}`, bannerSvg(blog.title, 1200, 675)),
        category_id: categoryIds.get(blog.category) as string,
        author_id: authorIds[i % authorIds.length],
        keywords: JSON.stringify(blog.category.split('-')),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
