import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SideTabs } from './SideTabs';

const show = (path: string, props: Partial<Parameters<typeof SideTabs>[0]> = {}) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SideTabs
        label="Console"
        tabs={[
          { to: '/console', label: 'Overview' },
          { to: '/console/users', label: 'Users' },
        ]}
        {...props}
      >
        <div>open tab</div>
      </SideTabs>
    </MemoryRouter>,
  );

describe('SideTabs', () => {
  it('marks the tab at the address as open and the current page', () => {
    show('/console/users', { end: true });
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument();
    const users = screen.getByRole('link', { name: 'Users' });
    expect(users).toHaveAttribute('aria-current', 'page');
    expect(users).toHaveClass('list-group-item', 'active');
    // With `end`, the first tab's address starting the others' does not open it too.
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveClass('active');
    expect(screen.getByText('open tab')).toBeInTheDocument();
  });

  it('follows the page when it says which tab is open', () => {
    show('/console/unknown', {
      tabs: [
        { to: '/console/profile', label: 'Profile', active: true },
        { to: '/console/users', label: 'Users', active: false },
      ],
    });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveClass('active');
  });
});
