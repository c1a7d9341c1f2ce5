import { screen } from '@testing-library/react';
import { afterEach } from 'vitest';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders } from '../../testing/render';
import { BenefitsSection, FeaturesStrip } from './ContentMenus';

afterEach(() => showEnglish());

describe('ContentMenus', () => {
  it('speaks Arabic, figures in Arabic digits, when the menus have not arrived', async () => {
    await showArabic();
    renderWithProviders(
      <>
        <FeaturesStrip menu={null} />
        <BenefitsSection menu={null} />
      </>,
    );
    expect(screen.getByRole('region', { name: 'مرحبًا بكم في عيادة النيل' })).toHaveTextContent('كل ما تحتاجه لرعايتك في مكان واحد.');
    expect(screen.getByRole('heading', { name: 'لماذا يختار المرضى عيادة النيل' })).toBeInTheDocument();
    expect(screen.getByText('٢٤/٧')).toBeInTheDocument();
    expect(screen.getByText('قسم طوارئ')).toBeInTheDocument();
  });
});
