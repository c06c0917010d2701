import { NavLink } from 'react-router';
import { cn } from '@/utils/cn';

interface SidebarTab {
  /** Relative to /dashboard ('' is the index tab). */
  to: string;
  label: string;
}

/** Tabs for everyone (spec section 2); Add a Pet is the default (index) tab. */
const userTabs: SidebarTab[] = [
  { to: '', label: 'Add a Pet' },
  { to: 'my-added-pets', label: 'My Added Pets' },
  { to: 'adoption-requests', label: 'Adoption Requests' },
  { to: 'my-adoption-requests', label: 'My Adoption Requests' },
  { to: 'create-donation-campaigns', label: 'Create Donation Campaign' },
  { to: 'my-donation-campaigns', label: 'My Donation Campaigns' },
  { to: 'payment', label: 'My Donations' },
  { to: 'favourites', label: 'Favourites' },
  { to: 'profile', label: 'Profile' },
];

/** Admin-only tabs. */
const adminTabs: SidebarTab[] = [
  { to: 'all-users', label: 'Users' },
  { to: 'all-pets', label: 'All Pets' },
  { to: 'all-donations', label: 'All Donations' },
];

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-brand-600 text-white dark:bg-brand-600'
      : 'text-slate-700 hover:bg-brand-50 hover:text-brand-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white',
  );

interface TabGroupProps {
  title: string;
  tabs: SidebarTab[];
  onNavigate?: () => void;
}

/** A titled list of dashboard tabs. */
function TabGroup({ title, tabs, onNavigate }: TabGroupProps) {
  return (
    <div>
      <p className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {title}
      </p>
      <ul className="space-y-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to ? `/dashboard/${tab.to}` : '/dashboard'}
              end
              className={tabClasses}
              onClick={onNavigate}
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface DashboardSidebarProps {
  isAdmin: boolean;
  /** Called when a link is chosen (closes the menu on small screens). */
  onNavigate?: () => void;
}

/** Home link, the user tabs and, for admins only, the admin tabs. */
export function DashboardSidebar({ isAdmin, onNavigate }: DashboardSidebarProps) {
  return (
    <nav aria-label="Dashboard" className="space-y-6">
      <ul className="space-y-1">
        <li>
          <NavLink to="/" end className={tabClasses} onClick={onNavigate}>
            Home
          </NavLink>
        </li>
      </ul>
      <TabGroup title="My space" tabs={userTabs} onNavigate={onNavigate} />
      {isAdmin && <TabGroup title="Admin" tabs={adminTabs} onNavigate={onNavigate} />}
    </nav>
  );
}
