import { ButtonLink } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';

export interface NotFoundProps {
  homeHref?: string;
}

/** docs/product.md, screens, the 404 view: shown for unknown paths and for content that does not exist. */
export function NotFound({ homeHref = '/' }: NotFoundProps) {
  return (
    <EmptyState title="Page not found" titleLevel="h1">
      <ButtonLink href={homeHref}>Go back home</ButtonLink>
    </EmptyState>
  );
}
