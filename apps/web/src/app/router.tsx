import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { AuthGate } from '@/components/auth-gate';
import { Skeleton } from '@/components/ui/skeleton';
import { NotFound } from './not-found';
import { RouteErrorBoundary } from './route-error-boundary';
import { appRoutes, type AppRoute, type RouteParams } from './routes';

function RouteView({ route, params }: { route: AppRoute; params: RouteParams }) {
  useEffect(() => {
    document.title = `${route.title} · Meridian`;
  }, [route.title]);
  const Screen = route.component;
  if (route.guard === 'public') return <Screen params={params} />;
  return (
    <AuthGate variant={route.guard === 'trading' ? 'trading' : 'standard'}>
      <Screen params={params} />
    </AuthGate>
  );
}

function PageFallback() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** Renders the route table; screens load lazily behind a skeleton. */
export function AppRouter() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary resetKey={location}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          {appRoutes.map((route) => (
            <Route key={route.path} path={route.path}>
              {(params) => <RouteView route={route} params={params} />}
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
