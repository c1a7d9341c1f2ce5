import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { clinicTimeToUtc } from '../../lib/clinic-time.js';
import { departments } from '../../lib/departments.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Database, UsersTable } from '../schema.js';
import { emptyProfile } from '../empty-profile.js';
import { indexDoctorWords } from '../../modules/doctors/search-words.js';
import { avatarSvg, writeArt } from './art.js';

/** The demo accounts documented in the README. The patient's id is the one the existing client hard-codes. */
export const demoAccounts = {
  patient: { id: '6078afb1fb33703fe4a1414a', email: 'patient@clinic.test', password: 'Patient#2026' },
  doctor: { email: 'doctor@clinic.test', password: 'Doctor#2026' },
  pharmacist: { email: 'pharmacist@clinic.test', password: 'Pharmacist#2026' },
  admin: { email: 'admin@clinic.test', password: 'Admin#2026' },
};

const doctorsByDepartment: Record<(typeof departments)[number], [string, string][]> = {
  Dental: [
    ['Mona Adel', 'female'],
    ['Karim Samir', 'male'],
    ['Salma Fathy', 'female'],
  ],
  Gynaecology: [
    ['Heba Mostafa', 'female'],
    ['Nadia Farouk', 'female'],
    ['Amr Lotfy', 'male'],
  ],
  Eye: [
    ['Youssef Nabil', 'male'],
    ['Rania Helmy', 'female'],
    ['Tarek Ibrahim', 'male'],
  ],
  Cardiology: [
    ['Ahmed Hassan', 'male'],
    ['Laila Mansour', 'female'],
    ['Hany Saleh', 'male'],
  ],
  Orthopaedics: [
    ['Omar Khaled', 'male'],
    ['Dina Radwan', 'female'],
    ['Sherif Gamal', 'male'],
  ],
  Gastroenterology: [
    ['Mahmoud Rashad', 'male'],
    ['Yasmin Fouad', 'female'],
    ['Walid Zaki', 'male'],
  ],
  Neurology: [
    ['Nour El-Din Aziz', 'male'],
    ['Hala Sabry', 'female'],
    ['Sameh Anwar', 'male'],
  ],
  Medicine: [
    ['Fatma Yassin', 'female'],
    ['Mostafa Kamel', 'male'],
    ['Ingy Shawky', 'female'],
  ],
};

const schools = [
  'Cairo University, Faculty of Medicine',
  'Ain Shams University, Faculty of Medicine',
  'Alexandria University, Faculty of Medicine',
  'Mansoura University, Faculty of Medicine',
  'Royal College of Physicians, London',
  'Charité – Universitätsmedizin Berlin',
];

const aboutByDepartment: Record<string, string> = {
  Dental:
    'Provides complete dental care for adults and children: check-ups, fillings, root canal treatment, crowns and cosmetic dentistry, with a gentle approach for anxious patients.',
  Gynaecology:
    "Cares for women's health at every stage: pregnancy follow-up, fertility advice, menstrual disorders and menopause, with ultrasound in the clinic.",
  Eye: 'Diagnoses and treats eye conditions from refractive errors and dry eye to glaucoma and cataract, including pre- and post-operative follow-up.',
  Cardiology: 'Treats high blood pressure, heart rhythm disorders and coronary disease, and runs ECG and echocardiography in the clinic.',
  Orthopaedics: 'Treats bone and joint problems: sports injuries, back and knee pain, fractures and arthritis, with a focus on returning patients to activity.',
  Gastroenterology: 'Looks after the stomach, bowel and liver: reflux, irritable bowel, hepatitis follow-up and endoscopy referrals.',
  Neurology: 'Diagnoses and treats headaches and migraine, epilepsy, nerve pain, stroke follow-up and sleep problems.',
  Medicine: 'Family and internal medicine: diabetes and thyroid care, check-ups, vaccinations and the first visit for any new complaint.',
};

/** Consultation fees in the shop's currency: a department's base, a little more for each senior colleague. */
const baseFee: Record<(typeof departments)[number], number> = {
  Dental: 30,
  Gynaecology: 40,
  Eye: 35,
  Cardiology: 45,
  Orthopaedics: 40,
  Gastroenterology: 40,
  Neurology: 45,
  Medicine: 25,
};
const consultationFee = (department: (typeof departments)[number], index: number) => (baseFee[department] + index * 5) * 100;

const slotTimes = ['10:00', '12:00', '14:00', '17:00'];

const blank = (): Omit<UsersTable, 'id' | 'role' | 'name' | 'username' | 'email' | 'password_hash' | 'created_at' | 'updated_at'> => ({
  ...emptyProfile(),
  country: 'Egypt',
  government: 'Cairo',
  // Seeded professionals are approved, with a licence number an administrator would have checked.
  status: 'approved',
});

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/^dr\.\s*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface SeededPeople {
  patientId: string;
  demoDoctorId: string;
  doctorIds: string[];
  pharmacistIds: string[];
}

export async function seedPeople(db: Kysely<Database>, config: Config): Promise<SeededPeople> {
  const now = new Date().toISOString();
  const [patientHash, doctorHash, pharmacistHash, adminHash] = await Promise.all([
    hashPassword(demoAccounts.patient.password),
    hashPassword(demoAccounts.doctor.password),
    hashPassword(demoAccounts.pharmacist.password),
    hashPassword(demoAccounts.admin.password),
  ]);
  await db
    .insertInto('users')
    .values({
      ...blank(),
      id: newId(),
      role: 'admin',
      name: 'Clinic Administrator',
      username: 'clinic.admin',
      email: demoAccounts.admin.email,
      password_hash: adminHash,
      created_at: now,
      updated_at: now,
    })
    .execute();

  const patientId = demoAccounts.patient.id;
  await db
    .insertInto('users')
    .values({
      ...blank(),
      id: patientId,
      role: 'patient',
      name: 'Sara Ali',
      username: 'sara.ali',
      email: demoAccounts.patient.email,
      password_hash: patientHash,
      phone: '1001234567',
      gender: 'female',
      blood_type: 'A+',
      height: '165',
      weight: '62',
      government: 'Giza',
      image: writeArt(config.uploadDir, 'patient-sara-ali', avatarSvg('Sara Ali')),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const otherPatients = [
    ['Mohamed Tarek', 'male', 'O+'],
    ['Aya Samy', 'female', 'B+'],
  ] as const;
  for (const [name, gender, blood] of otherPatients) {
    await db
      .insertInto('users')
      .values({
        ...blank(),
        id: newId(),
        role: 'patient',
        name,
        username: slug(name).replace('-', '.'),
        email: `${slug(name).replace('-', '.')}@clinic.test`,
        password_hash: patientHash,
        phone: '1007654321',
        gender,
        blood_type: blood,
        height: '175',
        weight: '78',
        image: writeArt(config.uploadDir, `patient-${slug(name)}`, avatarSvg(name)),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  const doctorIds: string[] = [];
  let demoDoctorId = '';
  let office = 101;
  for (const department of departments) {
    for (const [index, [name, gender]] of doctorsByDepartment[department].entries()) {
      const id = newId();
      const isDemo = name === 'Ahmed Hassan';
      if (isDemo) demoDoctorId = id;
      doctorIds.push(id);
      await db
        .insertInto('users')
        .values({
          ...blank(),
          id,
          role: 'doctor',
          name,
          username: slug(name).replace(/-/g, '.'),
          email: isDemo ? demoAccounts.doctor.email : `${slug(name).replace(/-/g, '.')}@clinic.test`,
          password_hash: doctorHash,
          phone: `10${String(20000000 + office * 7919).slice(0, 8)}`,
          gender,
          specialization: department,
          license_number: `EMS-${20000 + office * 37}`,
          office_number: String(office++),
          location: `Floor ${1 + (office % 4)}, Nile Clinic Building, 14 Corniche St, Garden City`,
          about: `Dr. ${name} ${aboutByDepartment[department]}`,
          image: writeArt(config.uploadDir, `doctor-${slug(name)}`, avatarSvg(name)),
          fee_cents: consultationFee(department, index),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await indexDoctorWords(db, { id, name, specialization: department });
      const firstYear = 1998 + ((index * 5 + office) % 12);
      await db
        .insertInto('doctor_education')
        .values([
          { id: newId(), doctor_id: id, year: String(firstYear), degree: 'MBBCh, Bachelor of Medicine and Surgery', school: schools[index % 3], position: 0 },
          {
            id: newId(),
            doctor_id: id,
            year: String(firstYear + 5),
            degree: `Master's degree in ${department}`,
            school: schools[(index + 1) % 4],
            position: 1,
          },
          { id: newId(), doctor_id: id, year: String(firstYear + 9), degree: `Doctorate (MD) in ${department}`, school: schools[3 + (index % 3)], position: 2 },
        ])
        .execute();
      await seedSlots(db, config, id, index);
    }
  }

  const pharmacistIds: string[] = [];
  const pharmacies = [
    ['Hoda Nasser', 'El Ezaby Corner Pharmacy', demoAccounts.pharmacist.email],
    ['Ramy Fawzy', 'Nile Care Pharmacy', 'ramy.fawzy@clinic.test'],
    ['Mariam Said', 'Green Cross Pharmacy', 'mariam.said@clinic.test'],
  ];
  for (const [name, pharmacy, email] of pharmacies) {
    const id = newId();
    pharmacistIds.push(id);
    await db
      .insertInto('users')
      .values({
        ...blank(),
        id,
        role: 'pharmacist',
        name,
        username: slug(name).replace('-', '.'),
        email,
        password_hash: pharmacistHash,
        phone: '1112223334',
        gender: 'female',
        pharmacy_name: pharmacy,
        license_number: `EPS-${31000 + pharmacistIds.length * 113}`,
        pharmacy_license_number: `PH-CAI-${4000 + pharmacistIds.length * 71}`,
        location: '3 Qasr El Nil St, Downtown',
        pharmacy_location: '3 Qasr El Nil St, Downtown, Cairo',
        working_date: 'Every day, 9:00–23:00',
        image: writeArt(config.uploadDir, `pharmacist-${slug(name)}`, avatarSvg(name)),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return { patientId, demoDoctorId, doctorIds, pharmacistIds };
}

/** Open slots over the next 14 days, weekdays only (Friday is the weekend here), in the clinic's time zone. */
async function seedSlots(db: Kysely<Database>, config: Config, doctorId: string, index: number) {
  const rows = [];
  const now = new Date();
  for (let day = 1; day <= 14; day++) {
    const d = new Date(now.getTime() + day * 86400000);
    if (d.getUTCDay() === 5) continue;
    const date = d.toISOString().slice(0, 10);
    for (const time of slotTimes.filter((_, i) => (i + day + index) % 3 !== 0)) {
      rows.push({
        id: newId(),
        doctor_id: doctorId,
        starts_at: clinicTimeToUtc(date, time, config.clinicTimeZone).toISOString(),
        time,
        reserved: 0 as const,
        patient_id: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    }
  }
  if (rows.length) await db.insertInto('appointments').values(rows).execute();
}
