import { createFileRoute, notFound } from '@tanstack/react-router';
import { WhatIsPage } from '../features/what-is/WhatIsPage.tsx';

/**
 * The what-is page lives at a path the brand configures (docs/product.md, brands and hosts), which a file name
 * cannot spell: this route takes any one-segment path and keeps only the brand's, every other one
 * getting the 404 view.
 */
export const Route = createFileRoute('/$page')({
  beforeLoad: ({ context, params }) => {
    if (`/${params.page}` !== context.brand.whatIs.path) throw notFound();
  },
  component: WhatIsPage,
});
