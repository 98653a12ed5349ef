import { createFileRoute } from '@tanstack/react-router';
import { PromotionPage } from '../../features/promotion/PromotionPage.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/account/promotion')({
  component: PromotionRoute,
});

function PromotionRoute() {
  return (
    <>
      <DocumentTitle page="Channel promotion" />
      <PromotionPage />
    </>
  );
}
