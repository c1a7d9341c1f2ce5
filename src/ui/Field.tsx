import type { ReactNode } from 'react';

/**
 * A form control under its label. The control (the child) carries the same `id`, so the label
 * names it: clicking the label focuses it and screen readers read the label as its name.
 */
export function Field({
  id,
  label,
  className,
  labelClassName = 'form-label',
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
    </div>
  );
}
