import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

export interface SideTab {
  to: string;
  label: string;
  /** Set when the page itself decides which tab is open (an unknown address opening the first one); otherwise the address decides. */
  active?: boolean;
}

interface SideTabsProps {
  /** The menu's accessible name. */
  label: string;
  tabs: readonly SideTab[];
  /** A tab is open only at its own address, not below it (needed when one tab's address starts the others'). */
  end?: boolean;
  /** The open tab, in its own column. */
  children: ReactNode;
}

/** A page made of tabs: the menu of tabs at the side (a link each, the open one marked as the current page) and the open tab beside it. */
export function SideTabs({ label, tabs, end = false, children }: SideTabsProps) {
  return (
    <div className="row g-4">
      <nav className="col-lg-3" aria-label={label}>
        <div className="list-group side-tabs">
          {tabs.map((tab) => (
            <NavLink
              key={tab.to}
              end={end}
              to={tab.to}
              className={({ isActive }) => `list-group-item list-group-item-action${(tab.active ?? isActive) ? ' active' : ''}`}
            >
              {tab.label}
            </NavLink>
          ))}
        </div>
      </nav>
      {children}
    </div>
  );
}
