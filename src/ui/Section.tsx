import type { ReactNode } from 'react';

interface SectionProps {
  /** The heading's id: the section is labelled by it, so screen readers list the section by its title. */
  titleId: string;
  title: ReactNode;
  /** The heading's level in the page's outline. */
  level?: 'h2' | 'h3';
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}

/** A part of a page named by its own heading. */
export function Section({ titleId, title, level: Heading = 'h2', className, titleClassName, children }: SectionProps) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <Heading id={titleId} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A card named by its heading, which stands first in the card's body (`bodyClassName` after `card-body`). */
export function CardSection({
  titleId,
  title,
  className,
  bodyClassName,
  titleClassName = 'h5',
  children,
}: Omit<SectionProps, 'level'> & { bodyClassName?: string }) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <div className={bodyClassName ? `card-body ${bodyClassName}` : 'card-body'}>
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
