import { render, screen } from '@testing-library/react';
import { Field } from './Field';
import { CardSection, Section } from './Section';

describe('Section and CardSection', () => {
  it('are named by their heading', () => {
    render(
      <>
        <Section titleId="totals" title="Totals" level="h3">
          <p>12</p>
        </Section>
        <CardSection titleId="general" title="General">
          <p>A+</p>
        </CardSection>
      </>,
    );
    expect(screen.getByRole('region', { name: 'Totals' })).toContainElement(screen.getByRole('heading', { level: 3, name: 'Totals' }));
    const card = screen.getByRole('region', { name: 'General' });
    expect(card).toHaveClass('card');
    expect(card).toContainElement(screen.getByRole('heading', { level: 2, name: 'General' }));
  });
});

describe('Field', () => {
  it('names its control by its label', () => {
    render(
      <Field id="reason" label="Reason">
        <textarea id="reason" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Reason' })).toBeInTheDocument();
  });
});
