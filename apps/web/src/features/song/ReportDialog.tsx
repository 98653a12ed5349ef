import { errorMessage } from '@fansite/api-client';
import { REPORT_REASON_MIN_LENGTH, SONG_REPORT_TOPIC } from '@fansite/contract';
import { Button, Dialog, TextField } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useAppContext } from '../../lib/useAppContext.ts';

/** The reasons most reports give, offered as one-click choices. */
const COMMON_REPORT_REASONS = [
  'Video unavailable',
  'Wrong title or artist',
  'Wrong playlist',
  'Inappropriate content',
] as const;

const isCommonReason = (text: string) =>
  (COMMON_REPORT_REASONS as readonly string[]).includes(text);

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Choice = styled.button<{ $chosen: boolean }>`
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colours.primary};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $chosen }) => ($chosen ? theme.colours.primary : 'transparent')};
  color: ${({ theme, $chosen }) => ($chosen ? theme.colours.onPrimary : theme.colours.text)};
  cursor: pointer;
`;

export interface ReportDialogProps {
  videoId: string;
  onClose: () => void;
}

/**
 * docs/product.md, validation and docs/calls.md: a report needs a reason of at least 3 characters; it is sent as a
 * contact request with topic 'song-report' whose message holds the song id and the reason.
 */
export function ReportDialog({ videoId, onClose }: ReportDialogProps) {
  const { apiClient } = useAppContext();
  // The reason is the text area's own value, read at submit; a choice writes it there.
  const [chosen, setChosen] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: (message: string) =>
      apiClient.request('contactRequest', { topic: SONG_REPORT_TOPIC, message }),
    onSuccess: () => {
      window.alert('Song reported successfully!');
      onClose();
    },
    onError: (error) => window.alert(errorMessage(error)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (trimmed.length < REPORT_REASON_MIN_LENGTH) {
      window.alert('Please enter a valid reason.');
      return;
    }
    report.mutate(`${videoId}: ${trimmed}`);
  }

  return (
    <Dialog title="Report this song" onClose={onClose}>
      <Form onSubmit={submit}>
        <Choices role="group" aria-label="Common reasons">
          {COMMON_REPORT_REASONS.map((choice) => (
            <Choice
              key={choice}
              type="button"
              $chosen={chosen === choice}
              aria-pressed={chosen === choice}
              onClick={(event) => {
                const reason = event.currentTarget.form?.elements.namedItem('reason');
                if (reason instanceof HTMLTextAreaElement) reason.value = choice;
                setChosen(choice);
              }}
            >
              {choice}
            </Choice>
          ))}
        </Choices>
        <TextField
          label="Reason"
          name="reason"
          multiline
          onChange={(text) => setChosen(isCommonReason(text) ? text : null)}
        />
        <Button type="submit" disabled={report.isPending}>
          Send report
        </Button>
      </Form>
    </Dialog>
  );
}
