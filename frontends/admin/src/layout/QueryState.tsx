import { ErrorPanel, Spinner } from '@loadout/ui';
import { type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode } from 'react';

/** Loading, error (with Retry) or the data of a query. */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${label}…`} />;
  if (query.isError)
    return (
      <ErrorPanel
        title={`The ${label} could not be loaded`}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <>{children(query.data)}</>;
}
