import { lazy, useContext } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Footer } from '@/components/layouts/footer';
import { Navbar } from '@/components/layouts/navbar';
import { SiteLayout } from '@/components/layouts/site-layout';
import { FullPageSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useUnauthorizedRedirect } from '@/features/auth/hooks/use-unauthorized-redirect';
import { useScrollRestoration } from '@/hooks/use-scroll-restoration';
import { useScrolled } from '@/hooks/use-scrolled';
import { useTheme } from '@/hooks/use-theme';
import { PageFromServerContext } from '../page-from-server';

// The avatar menu with its unread count: loaded once someone is signed in (decision 022).
const AccountMenu = lazy(() => import('../account-menu').then((m) => ({ default: m.AccountMenu })));

/**
 * Navbar, page and footer around every screen; a full-page skeleton while the session loads,
 * except on a page the server rendered: that one shows as a visitor sees it meanwhile.
 */
export function Component() {
  const { status, user, signOut } = useAuth();
  const fromServer = useContext(PageFromServerContext);
  const { isDark, toggle } = useTheme();
  const scrolled = useScrolled(10);
  const navigate = useNavigate();
  useUnauthorizedRedirect();
  useScrollRestoration();

  if (status === 'loading' && !fromServer) return <FullPageSkeleton />;
  const signOutAndGoHome = () => {
    void signOut().then(() => navigate('/', { replace: true }));
  };

  return (
    <SiteLayout
      navbar={
        <Navbar
          user={user}
          isDark={isDark}
          onToggleTheme={toggle}
          scrolled={scrolled}
          accountMenu={user && <AccountMenu user={user} onSignOut={signOutAndGoHome} />}
        />
      }
      footer={<Footer />}
    >
      <Outlet />
    </SiteLayout>
  );
}
