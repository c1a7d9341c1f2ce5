import { z } from 'zod';
import type { UsersTable } from '../../db/schema.js';
import { refuse } from '../../lib/form-schema.js';
import { givenField } from '../../lib/form-text.js';
import { isId } from '../../lib/ids.js';
import { centsToAmount } from '../../lib/mappers.js';
import { queryText } from '../../lib/schemas.js';
import type { ImageStore } from '../../storage/images.js';
import { availableDateSchema, type AvailableDateDto } from '../appointments/dto.js';

/** A doctor in lists (/doctors, the department filter and the home carousel). */
export const doctorCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  specialization: z.string(),
  gender: z.string(),
  rate: z.number(),
  ratings: z.number(),
  /** Alternative text for the photo. */
  alter: z.string(),
});
export type DoctorCardDto = z.infer<typeof doctorCardSchema>;

/** A doctor in search results: the card plus what helps choose (next free slot, fee). */
export const doctorResultSchema = doctorCardSchema.extend({
  /** The start of the earliest free slot that has not begun (ISO, UTC), or null when none is open. */
  nextSlot: z.string().nullable(),
  /** Consultation fee in the shop's currency; 0 when the clinic has not given one. */
  fee: z.number(),
});
export type DoctorResultDto = z.infer<typeof doctorResultSchema>;

/** One page of a doctor search. */
export const doctorSearchSchema = z.object({
  doctors: z.array(doctorResultSchema),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  /** The clinic's time zone, in which the SPA shows each nextSlot. */
  timeZone: z.string(),
});

export const educationSchema = z.object({ _id: z.string(), year: z.string(), degree: z.string(), school: z.string() });

/** A doctor's page: public profile, education and upcoming slots. */
export const doctorDetailSchema = doctorCardSchema.extend({
  phone: z.string(),
  officeNumber: z.string(),
  email: z.string(),
  address: z.string(),
  government: z.string(),
  country: z.string(),
  aboutDoctor: z.string(),
  education: z.array(educationSchema),
  availableDates: z.array(availableDateSchema),
  /** Written ratings, newest first, without who wrote them (a visit to a doctor is private). */
  reviews: z.array(z.object({ rate: z.number(), comment: z.string(), date: z.string() })),
});
export type DoctorDetailDto = z.infer<typeof doctorDetailSchema>;

interface CardRow {
  id: string;
  name: string;
  image: string;
  specialization: string;
  gender: string;
  rate: number;
  ratings: number;
}

export function toDoctorCard(row: CardRow, images: ImageStore): DoctorCardDto {
  return {
    _id: row.id,
    name: row.name,
    image: images.url(row.image),
    specialization: row.specialization,
    gender: row.gender,
    rate: row.rate,
    ratings: row.ratings,
    alter: `${row.name}, ${row.specialization}`,
  };
}

export function toDoctorResult(row: CardRow & { fee_cents: number; next_slot: string | null }, images: ImageStore): DoctorResultDto {
  return { ...toDoctorCard(row, images), nextSlot: row.next_slot ?? null, fee: centsToAmount(row.fee_cents) };
}

export function toDoctorDetail(
  row: UsersTable & { rate: number; ratings: number },
  education: { id: string; year: string; degree: string; school: string }[],
  availableDates: AvailableDateDto[],
  images: ImageStore,
  reviews: { rate: number; comment: string; updated_at: string }[] = [],
): DoctorDetailDto {
  return {
    ...toDoctorCard(row, images),
    phone: row.phone,
    officeNumber: row.office_number,
    email: row.email,
    address: row.location,
    government: row.government,
    country: row.country,
    aboutDoctor: row.about,
    education: education.map((e) => ({ _id: e.id, year: e.year, degree: e.degree, school: e.school })),
    availableDates,
    reviews: reviews.map(toReview),
  };
}

export const toReview = (row: { rate: number; comment: string; updated_at: string }) => ({ rate: row.rate, comment: row.comment, date: row.updated_at });

/** `POST doctors/rate`: the stars, then the doctor, in the order a person fixes them. */
export const rateQuery = z.object({
  rate: queryText
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      return /^[1-5]$/.test(text) ? Number(text) : refuse(ctx, 'Please choose a rating from 1 to 5 stars');
    })
    .describe('1 to 5'),
  doctor: queryText
    .transform((value, ctx) => {
      const id = givenField(value);
      return id && isId(id) ? id : refuse(ctx, 'Please choose the doctor to rate');
    })
    .describe("The doctor's id"),
});
