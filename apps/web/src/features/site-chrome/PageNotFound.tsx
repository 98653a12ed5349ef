import { NotFound } from '@fansite/ui-kit';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';

/** The 404 view, for unknown paths and for content the API does not know. */
export function PageNotFound() {
  return (
    <>
      <DocumentTitle page="Page not found" />
      <NotFound homeHref={paths.home} />
    </>
  );
}
