import { useAppContext } from './useAppContext.ts';

export interface DocumentTitleProps {
  /** The page's own title; the site name alone when omitted. */
  page?: string;
}

/** Sets the document title to the page's title and the brand's site name (React hoists it). */
export function DocumentTitle({ page }: DocumentTitleProps) {
  const { brand } = useAppContext();
  return <title>{page ? `${page} | ${brand.siteName}` : brand.siteName}</title>;
}
