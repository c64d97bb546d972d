import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useLocation } from '@loadout/web';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { retryRemotes } from '../remotes/remote-loader';
import { ReportDialog } from '../trust/ReportDialog';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileNav } from './MobileNav';
import { ScrollToTop } from './ScrollToTop';

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // Try Again: the failed area renders again, and its remote (if it has one) loads afresh.
  const retryArea = useCallback(() => {
    retryRemotes();
    void queryClient.resetQueries({ queryKey: ['remote'] });
  }, [queryClient]);
  return (
    <div className="shell">
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className="shell-main">
        <ErrorBoundary resetKey={pathname} onReset={retryArea}>
          {children}
        </ErrorBoundary>
      </main>
      <Footer />
      <MobileNav />
      <BackToTop />
      <ReportDialog />
    </div>
  );
}
