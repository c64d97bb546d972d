import { type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileNav } from './MobileNav';
import { ScrollToTop } from './ScrollToTop';

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className="shell-main">
        <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>
      </main>
      <Footer />
      <MobileNav />
      <BackToTop />
    </div>
  );
}
