import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A widget button: primary (accent filled), secondary (outlined) or link. */
export function Button({
  variant = 'secondary',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'link' }): ReactNode {
  const base = variant === 'link' ? 'latch-link' : 'latch-button';
  return (
    <button type="button" data-variant={variant} className={className ? `${base} ${className}` : base} {...props} />
  );
}
