/**
 * The public site's router: the part of React Router's API the site uses (`BrowserRouter`,
 * `MemoryRouter`, `Routes`/`Route` with one layout route, `Outlet`, `Link`, `NavLink`,
 * `useLocation`, `useNavigate`), in about 1 kB instead of React Router's ~12 kB compressed —
 * which is what kept the first load of /sermons and /events over the 90 kB budget on a phone
 * (apps/README.md). The site has ten fixed paths and no parameters, so matching is exact
 * (trailing slash ignored) with `*` as the fallback.
 *
 * Navigation is the History API: a `Link` click (plain left click, no modifier, no target)
 * pushes the URL and re-renders; the back button (`popstate`) does the same. Everything else —
 * opening in a new tab, copying the link — is the browser's own, since a `Link` is a real `<a>`.
 *
 * The language prefix (`/sw/...`, issue 22) is the router's too: `location.pathname` is the
 * path without it and `location.lang` the language, so routes and links are written once;
 * `Link`/`navigate` put the current language's prefix back (`navigate(to, { lang })` switches).
 */
import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { localePath, splitLanguage, type Lang } from '../i18n';

export interface Location {
  /** The path without the language prefix ('/events' for '/sw/events'). */
  pathname: string;
  /** The language the URL names. */
  lang: Lang;
  search: string;
  hash: string;
  /** Changes on every navigation, also to the same URL. */
  key: number;
}

interface NavigateOptions {
  replace?: boolean;
  /** The language of the new page (default: the current one). */
  lang?: Lang;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: Navigate;
}

const RouterContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside a BrowserRouter or MemoryRouter');
  return router;
}

/** Splits `to` (a path with optional query and hash) the way a URL would. */
function parse(to: string, key: number): Location {
  const url = new URL(to, 'http://site.invalid/');
  const [lang, pathname] = splitLanguage(url.pathname);
  return { pathname, lang, search: url.search, hash: url.hash, key };
}

/** The URL of app path `to` in `lang`. */
function href(location: Location, to: string, lang: Lang = location.lang): string {
  return localePath(to, lang);
}

let keys = 0;

/** The router over the browser's address bar. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<Location>(() =>
    parse(window.location.pathname + window.location.search + window.location.hash, ++keys),
  );
  useEffect(() => {
    const onPop = () => {
      setLocation(parse(window.location.pathname + window.location.search + window.location.hash, ++keys));
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, []);
  const navigate = useCallback<Navigate>((to, options) => {
    const url = localePath(to, options?.lang ?? splitLanguage(window.location.pathname)[0]);
    const next = parse(url, ++keys);
    if (options?.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    setLocation(next);
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** A router kept in memory (tests): starts at the first entry. */
export function MemoryRouter({ children, initialEntries = ['/'] }: { children: ReactNode; initialEntries?: string[] }) {
  const [location, setLocation] = useState<Location>(() => parse(initialEntries[0] ?? '/', ++keys));
  const navigate = useCallback<Navigate>((to, options) => {
    setLocation((previous) => parse(href(previous, to, options?.lang), ++keys));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

interface RouteProps {
  /** A path relative to the layout ("sermons"), "*" for anything else; none for a layout. */
  path?: string;
  /** The home route of its layout. */
  index?: boolean;
  element: ReactNode;
  children?: ReactNode;
}

/** Declares a route; `Routes` reads its props and renders the matching element. */
export const Route: (props: RouteProps) => ReactElement | null = () => null;

function routesOf(children: ReactNode): RouteProps[] {
  const out: RouteProps[] = [];
  Children.forEach(children, (child) => {
    if (isValidElement<RouteProps>(child)) out.push(child.props);
  });
  return out;
}

function normalise(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

function match(routes: RouteProps[], pathname: string): ReactNode {
  const path = normalise(pathname);
  const exact = routes.find((r) => (r.index ? path === '' : r.path !== undefined && r.path !== '*' && normalise(r.path) === path));
  if (exact) return exact.element;
  const fallback = routes.find((r) => r.path === '*');
  return fallback ? fallback.element : null;
}

/** Renders the route matching the location; a layout route renders its element around the match. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const routes = routesOf(children);
  for (const route of routes) {
    if (route.path === undefined && !route.index && route.children !== undefined) {
      return <OutletContext.Provider value={match(routesOf(route.children), pathname)}>{route.element}</OutletContext.Provider>;
    }
  }
  return <>{match(routes, pathname)}</>;
}

/** Where a layout route shows the matched page. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  className?: string;
}

/** A real link whose plain clicks navigate without reloading the page. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { navigate, location } = useRouter();
  return (
    <a
      {...rest}
      href={href(location, to)}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (isPlainClick(event, target)) {
          event.preventDefault();
          navigate(to, { replace });
        }
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Only the exact path is active (otherwise sub-paths are too). */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A `Link` that knows whether it points at the current page (`aria-current="page"`). */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const here = normalise(pathname);
  const there = normalise(new URL(to, 'http://site.invalid/').pathname);
  const isActive = here === there || (!end && there !== '' && here.startsWith(`${there}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
