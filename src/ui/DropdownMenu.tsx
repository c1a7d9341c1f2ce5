import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownMenuProps {
  /** Content of the toggle button. */
  toggle: ReactNode;
  toggleLabel?: string;
  toggleClassName?: string;
  align?: 'start' | 'end';
  /** Menu items; each receives `close` so it can close the menu after acting. */
  children: (close: () => void) => ReactNode;
  as?: 'li' | 'div';
  className?: string;
}

/**
 * A small dropdown using Bootstrap's classes. Written for the navbar so the home page does not
 * download a positioning engine: opens on click, closes on Escape, outside click or choosing an item,
 * and moves through items with the arrow keys.
 */
export function DropdownMenu({ toggle, toggleLabel, toggleClassName = '', align = 'start', children, as = 'div', className = '' }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    window.requestAnimationFrame(() => {
      const items = Array.from(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);
      if (items.length === 0) return;
      const current = items.indexOf(document.activeElement as HTMLElement);
      const next = event.key === 'ArrowDown' ? (current + 1) % items.length : (current - 1 + items.length) % items.length;
      items[current === -1 ? 0 : next].focus();
    });
  };

  const Tag = as;
  return (
    <Tag className={`dropdown ${className}`} ref={root as never} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`dropdown-toggle ${toggleClassName}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={toggleLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {toggle}
      </button>
      <ul
        id={id}
        className={`dropdown-menu${open ? ' show' : ''}${align === 'end' ? ' dropdown-menu-end' : ''}`}
        style={align === 'end' ? { insetInlineEnd: 0, insetInlineStart: 'auto' } : undefined}
      >
        {open && children(close)}
      </ul>
    </Tag>
  );
}
