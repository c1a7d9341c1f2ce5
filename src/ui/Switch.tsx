import type { ReactNode } from 'react';

/** An on/off switch with its label (Bootstrap's form switch). */
export function Switch({
  id,
  checked,
  onChange,
  label,
  className,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  className: string;
}) {
  return (
    <div className={`form-check form-switch ${className}`}>
      <input className="form-check-input" type="checkbox" role="switch" id={id} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
