import { ButtonLink } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';

export interface LockedNoticeProps {
  /** Where a visitor becomes a subscriber: the brand's subscriptions page. */
  subscribeUrl: string;
}

/** What a signed-in person who is not a subscriber sees in place of a subscriber perk. */
export function LockedNotice({ subscribeUrl }: LockedNoticeProps) {
  return (
    <EmptyState
      title="Content locked"
      message="Become a subscriber to support us and unlock all content."
    >
      <ButtonLink href={subscribeUrl} target="_blank" rel="noopener noreferrer">
        Become a subscriber
      </ButtonLink>
    </EmptyState>
  );
}
