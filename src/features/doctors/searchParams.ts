import { departments } from '../../ui/departments';
import type { DoctorSearch, DoctorSort } from './types';

/** The /doctors search as it appears in the page address, so reload, Back and shared links keep it. */

export const sortLabels: Record<DoctorSort, string> = { nextSlot: 'Next available slot', rating: 'Rating', name: 'Name' };
const sorts = Object.keys(sortLabels) as DoctorSort[];

export function searchFromParams(params: URLSearchParams): DoctorSearch {
  const department = params.get('specialization') ?? '';
  const gender = params.get('gender');
  const sort = params.get('sort') as DoctorSort | null;
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim(),
    specialization: departments.find((d) => d.toLowerCase() === department.toLowerCase()) ?? '',
    gender: gender === 'male' || gender === 'female' ? gender : '',
    sort: sort && sorts.includes(sort) ? sort : 'nextSlot',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes in the address. */
export function paramsFromSearch(search: DoctorSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.specialization) params.set('specialization', search.specialization);
  if (search.gender) params.set('gender', search.gender);
  if (search.sort !== 'nextSlot') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}
