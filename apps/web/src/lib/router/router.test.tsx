import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from './router';

function Address() {
  const location = useLocation();
  return (
    <output aria-label="Address">
      {location.pathname}
      {location.search}
      {location.hash} {JSON.stringify(location.state)}
    </output>
  );
}

function Table({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={<p>Loading</p>}>{useRoutes(routes, useLocation())}</Suspense>;
}

function Member() {
  return <p>Member {useParams().id}</p>;
}

function Tabs() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p>Tab {params.get('tab') ?? 'none'}</p>
      <button type="button" onClick={() => setParams((current) => new URLSearchParams([...current, ['tab', 'b']]))}>
        Add
      </button>
      <button type="button" onClick={() => setParams({}, { replace: true })}>
        Clear
      </button>
    </>
  );
}

function SaveButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/rewards?page=2', { state: { toast: 'Saved' } })}>
      Save
    </button>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
  }
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('the route table', () => {
  it('renders the screen inside its frame, with the parameters of the address', () => {
    render(
      <MemoryRouter initialEntries={['/members/Ann%20B']}>
        <Table
          routes={[
            {
              element: (
                <section aria-label="Frame">
                  <Outlet />
                </section>
              ),
              children: [{ path: '/members/:id', element: <Member /> }],
            },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Frame' }).textContent).toBe('Member Ann B');
  });

  it('keeps the page on screen while the next one loads, then shows it', async () => {
    let arrive: (screen: { default: () => ReactNode }) => void = () => {};
    const Next = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (arrive = resolve)));
    render(
      <MemoryRouter initialEntries={['/here']}>
        <Table
          routes={[
            { path: '/here', element: <Link to="/next">Go on</Link> },
            { path: '/next', element: <Next /> },
          ]}
        />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go on' }));
    screen.getByRole('link', { name: 'Go on' });
    expect(screen.queryByText('Loading')).toBeNull();
    await act(async () => arrive({ default: () => <p>Next page</p> }));
    await screen.findByText('Next page');
    expect(screen.queryByRole('link', { name: 'Go on' })).toBeNull();
  });
});

describe('navigation', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('follows a link without loading the page, leaves a modified click to the browser', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Link to="/b?x=1#top" state={{ from: 'a' }}>
          To b
        </Link>
        <Address />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'To b' });
    expect(link.getAttribute('href')).toBe('/b?x=1#top');
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(address()).toBe('/a null');
    await user.click(link);
    expect(address()).toBe('/b?x=1#top {"from":"a"}');
  });

  it('redirects with the state a guard gives', () => {
    render(
      <MemoryRouter initialEntries={['/private']}>
        <Table
          routes={[
            { path: '/private', element: <Navigate to="/signin" replace state={{ from: '/private' }} /> },
            { path: '/signin', element: <Address /> },
          ]}
        />
      </MemoryRouter>,
    );
    expect(address()).toBe('/signin {"from":"/private"}');
  });

  it('marks a navigation link current at its page and below it, and `/` only at itself', () => {
    render(
      <MemoryRouter initialEntries={['/admin/users/7']}>
        <NavLink to="/admin/users" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Users
        </NavLink>
        <NavLink to="/admin/user">Prefix only</NavLink>
        <NavLink to="/">{({ isActive }) => (isActive ? 'Home (current)' : 'Home')}</NavLink>
      </MemoryRouter>,
    );
    const users = screen.getByRole('link', { name: 'Users' });
    expect(users.getAttribute('aria-current')).toBe('page');
    expect(users.className).toBe('on');
    expect(screen.getByRole('link', { name: 'Prefix only' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
  });

  it('sets the query string on the same page, from the current one or afresh', async () => {
    render(
      <MemoryRouter initialEntries={['/list?page=2#end']}>
        <Tabs />
        <Address />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(address()).toBe('/list?page=2&tab=b null');
    screen.getByText('Tab b');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(address()).toBe('/list null');
  });

  it('keeps the navigation state in the browser history and follows back and forward', async () => {
    window.history.replaceState({ usr: { from: 'before' }, key: 'old' }, '', '/profile');
    render(
      <BrowserRouter>
        <SaveButton />
        <Address />
      </BrowserRouter>,
    );
    expect(address()).toBe('/profile {"from":"before"}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(window.location.pathname + window.location.search).toBe('/rewards?page=2');
    expect(address()).toBe('/rewards?page=2 {"toast":"Saved"}');
    await act(async () => {
      const wentBack = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await wentBack;
    });
    expect(address()).toBe('/profile {"from":"before"}');
  });

  it('refuses a hook outside a router', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      render(
        <Boundary>
          <Address />
        </Boundary>,
      );
    } finally {
      console.error = quiet;
    }
    screen.getByText(/outside <BrowserRouter> or <MemoryRouter>/);
  });
});
