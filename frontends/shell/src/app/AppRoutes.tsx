import { Route, Routes, useLocation } from '@loadout/web';
import { NotFoundPage } from '../errors/NotFoundPage';
import { HomePage } from '../home/HomePage';
import { LEGAL_PAGES, SITEMAP_PATH } from '../legal/legal-content';
import { LegalPage, SitemapPage } from '../legal/LegalPage';
import { RemoteArea } from '../remotes/RemoteArea';
import { matchRemoteRoute } from '../remotes/remote-routes';
import { AdminGuard } from '../session/AdminGuard';

/** Paths the shell does not render itself go to their remote (route table) or the 404 page. */
function RemoteOrNotFound() {
  const { pathname } = useLocation();
  const route = matchRemoteRoute(pathname);
  if (!route) return <NotFoundPage />;
  // Keyed by remote: moving between two areas starts a fresh load/error state.
  const area = <RemoteArea key={route.remote} route={route} />;
  return route.access === 'admin' ? <AdminGuard>{area}</AdminGuard> : area;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      {LEGAL_PAGES.map((page) => (
        <Route key={page.path} path={page.path} element={<LegalPage page={page} />} />
      ))}
      <Route path={SITEMAP_PATH} element={<SitemapPage />} />
      <Route path="*" element={<RemoteOrNotFound />} />
    </Routes>
  );
}
