import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Card, List, Loaded, Muted, Pager, useStaff, when } from './staffKit.tsx';

const Change = styled.pre`
  margin: 0;
  max-height: 12rem;
  overflow: auto;
  white-space: pre-wrap;
  font-size: 0.85rem;
`;

const shown = (value: unknown) => (value === null ? '-' : JSON.stringify(value, null, 1));

/** `/staff/log`: every change made through the staff pages, newest first. */
export function AuditLogPage() {
  const { queries, viewer } = useStaff();
  const [page, setPage] = useState(1);
  const log = useQuery(queries.staff.log({ page }, viewer));
  return (
    <Loaded query={log} label="Loading the log">
      {({ entries, total }) => (
        <>
          {total === 0 && <p>Nothing has been changed yet.</p>}
          <List>
            {entries.map((entry) => (
              <Card key={entry.id} aria-label={`${entry.action} ${entry.subject}`}>
                <h2>
                  {entry.action} {entry.subject}
                </h2>
                <Muted>
                  {entry.actor} · {when(entry.at)}
                </Muted>
                <details>
                  <summary>Before and after</summary>
                  <Change>Before: {shown(entry.before)}</Change>
                  <Change>After: {shown(entry.after)}</Change>
                </details>
              </Card>
            ))}
          </List>
          <Pager page={page} total={total} onPage={setPage} />
        </>
      )}
    </Loaded>
  );
}
