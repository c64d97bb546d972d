import { Button } from '@loadout/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this value changes (e.g. the pathname), a shown error is cleared. */
  resetKey?: unknown;
  /** Called by Reload Page; injectable for tests. */
  onReload?: () => void;
  /** Called by Try Again before the area renders again (e.g. to load its remote afresh). */
  onReset?: () => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Seed §2 error boundary: "Something went wrong" with Try Again and Reload Page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Loadout caught an error', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null });
    }
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  private readonly reload = () => {
    if (this.props.onReload) this.props.onReload();
    else window.location.reload();
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="lo-container shell-page">
        <div role="alert" className="lo-error-panel shell-crash">
          <h1 className="lo-error-panel__title">Something went wrong</h1>
          <p className="lo-error-panel__text">
            An unexpected error occurred. You can try to recover or reload the page.
          </p>
          <div className="lo-error-panel__actions">
            <Button onClick={this.reset}>Try Again</Button>
            <Button variant="secondary" onClick={this.reload}>
              Reload Page
            </Button>
          </div>
        </div>
      </div>
    );
  }
}
