import type { ReactNode } from 'react';
import { WholeWords } from '../whole-words.tsx';

/**
 * The frame of a product card: its title and its detail lines, then what the card adds (light: the joint
 * invitation's start page shows it without the product card's links and disclaimers).
 */
export function ProductCardFrame({
  headingId,
  title,
  lines,
  children,
}: {
  headingId: string;
  title: string;
  lines: readonly string[];
  children?: ReactNode;
}) {
  return (
    <section className="product-card" aria-labelledby={headingId}>
      <h2 className="product-card__title" id={headingId}>
        <WholeWords text={title} />
      </h2>
      {lines.length > 0 ? (
        <ul className="product-card__lines">
          {lines.map((line) => (
            <li key={line}>
              <WholeWords text={line} />
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}
