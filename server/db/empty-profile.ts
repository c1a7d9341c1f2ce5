/**
 * The profile columns of a new account before anything is filled in: every text empty. Sign-up, the
 * administrator command and the demo seed start from it and set what they know, so a column added to
 * `users` gets its starting value in one place.
 */
export const emptyProfile = () => ({
  phone: '',
  gender: '',
  blood_type: '',
  height: '',
  weight: '',
  country: '',
  government: '',
  image: '',
  certificate: '',
  location: '',
  pharmacy_name: '',
  pharmacy_location: '',
  working_date: '',
  office_number: '',
  specialization: '',
  about: '',
  status_reason: '',
  license_number: '',
  pharmacy_license_number: '',
  license_document: '',
});
