import { EmptyState, ErrorPanel, Spinner, buttonClassName } from '@loadout/ui';
import { usePageMeta, Link } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useDeferredValue } from 'react';
import { loadRemoteRoutes } from './remote-loader';
import { type RemoteRoute } from './remote-routes';

export interface RemoteAreaProps {
  route: RemoteRoute;
  /** Injected in tests; defaults to the Module Federation loader. */
  load?: typeof loadRemoteRoutes;
}

function RemoteLoading({ title }: { title: string }) {
  usePageMeta(title, `${title} on Loadout, Ireland's airsoft marketplace.`);
  return <Spinner label={`Loading ${title}`} showLabel size="lg" className="shell-area-status" />;
}

function RemoteFailed({
  title,
  onRetry,
  retrying,
}: {
  title: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  usePageMeta(title, `${title} on Loadout, Ireland's airsoft marketplace.`);
  return (
    <div className="lo-container shell-page">
      <ErrorPanel
        title="This part of Loadout could not be loaded"
        message={`${title} did not load. Check your connection and try again; the rest of Loadout still works.`}
        onRetry={onRetry}
        retrying={retrying}
      />
    </div>
  );
}

export function RemoteUnavailable({ title }: { title: string }) {
  usePageMeta(title, `${title} is coming soon to Loadout, Ireland's airsoft marketplace.`);
  return (
    <div className="lo-container shell-page">
      <EmptyState
        title="This part of Loadout is not available yet"
        description={`${title} is still being built. Please check back soon — in the meantime you can browse playing fields or use the FPS calculator.`}
        action={
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Back to Home
          </Link>
        }
      />
    </div>
  );
}

/**
 * Renders the remote that owns `route`: a spinner while it loads, an error panel with a retry
 * when it fails (only this area; header and footer keep working), or a "not available yet"
 * panel when the runtime manifest has no entry for it.
 */
export function RemoteArea({ route, load = loadRemoteRoutes }: RemoteAreaProps) {
  const query = useQuery({
    queryKey: ['remote', route.remote],
    queryFn: () => load(route.remote),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    structuralSharing: false,
  });
  // The query store answers in a blocking render, so the remote's first render (its whole page)
  // would run as one long task when its code arrives. A deferred value re-renders at transition
  // priority, in slices that give the browser back its main thread (issue 12: TBT).
  const loaded = useDeferredValue(query.data);

  if (query.isPending) return <RemoteLoading title={route.title} />;
  if (query.isError) {
    return (
      <RemoteFailed
        title={route.title}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!loaded) return <RemoteLoading title={route.title} />;
  if (loaded.status === 'unavailable') return <RemoteUnavailable title={route.title} />;

  const { Routes } = loaded;
  return (
    <Suspense fallback={<RemoteLoading title={route.title} />}>
      <Routes />
    </Suspense>
  );
}
