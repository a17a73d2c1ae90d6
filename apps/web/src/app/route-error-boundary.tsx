import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null };

/**
 * Keeps the layout alive when a screen throws while rendering or its code fails to load
 * (e.g. after a deploy): the user sees what happened and can reload. Navigating elsewhere
 * (a new resetKey) clears the error.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Card role="alert">
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <h1 className="text-xl font-semibold">This screen could not be displayed</h1>
          <p className="max-w-lg text-sm text-muted-foreground">{this.state.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </CardContent>
      </Card>
    );
  }
}
