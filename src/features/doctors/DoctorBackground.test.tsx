import { render, screen, within } from '@testing-library/react';
import { DoctorBackground } from './DoctorBackground';
import { doctorDetail } from './testing/fixtures';

describe('DoctorBackground', () => {
  it('lists the education under its headings, in a section named Education', () => {
    render(<DoctorBackground doctor={doctorDetail()} />);
    const education = screen.getByRole('region', { name: 'Education' });
    expect(
      within(education)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Year', 'Degree', 'School']);
    expect(within(education).getByRole('row', { name: /2001 MBBCh, Bachelor of Medicine and Surgery Cairo University/ })).toBeInTheDocument();
  });

  it('says when no education is listed', () => {
    render(<DoctorBackground doctor={{ ...doctorDetail(), education: [] }} />);
    const education = screen.getByRole('region', { name: 'Education' });
    expect(within(education).getByText('No education listed yet.')).toBeInTheDocument();
    expect(within(education).queryByRole('table')).not.toBeInTheDocument();
  });
});
