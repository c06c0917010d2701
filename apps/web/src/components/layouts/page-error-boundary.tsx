import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

interface BoundaryProps {
  children: ReactNode;
  /** The page's path: showing another page tries again. */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

/** What a page that could not be shown says instead of a blank page. */
function PageFailed() {
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold sm:text-3xl">This page could not be shown</h1>
      <p className="text-slate-600 dark:text-slate-300">
        Something went wrong while loading it. Reloading usually helps.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className={buttonClasses({ variant: 'secondary' })}>
          Go back home
        </a>
      </div>
    </section>
  );
}

/**
 * Around the app's routes (client-routes.tsx): a screen that throws while rendering, or whose
 * module fails to load (a deploy replaced the build the page came from, the network dropped),
 * shows a way to reload instead of a blank page; going to another page tries again. React logs
 * the error to the console.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
