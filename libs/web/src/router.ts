// The router every frontend uses, re-exported through the shared @loadout/web singleton.
//
// Frontends import these from '@loadout/web', never from 'react-router-dom' (an ESLint rule
// says so). Module Federation does not tree-shake a shared package: sharing react-router-dom
// itself put all of it — data routers, server rendering, hydration — on every page (61 KiB
// compressed, a 146 ms long task at 4× CPU slowdown). Re-exported from here, webpack keeps only
// what is listed below, and there is still exactly one router at run time (issue 12).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
