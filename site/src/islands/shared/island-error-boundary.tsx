// Every island renders inside this boundary (docs/product-rules.md#pages: "any other runtime
// failure of the app shows a generic page headed Unexpected Application Error!"). Without it a
// React root that throws unmounts and its part of the page silently disappears. The error is
// logged to the console (the browser's only log; no error service is wired up) and the customer
// gets the spec's heading, a line on what to do and a way home.
import { MESSAGES } from '@tuition/domain';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface IslandErrorBoundaryProps {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

export function UnexpectedErrorPanel() {
  return (
    <div className="island-error card" role="alert">
      <h2>{MESSAGES.unexpectedError.title}</h2>
      <p>Something went wrong on this part of the page. Please reload it, or go back home.</p>
      <div className="cluster">
        <a className="btn" href="/">
          Go back home
        </a>
        <button type="button" className="btn btn--outline" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    </div>
  );
}

export class IslandErrorBoundary extends Component<IslandErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(MESSAGES.unexpectedError.title, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <UnexpectedErrorPanel /> : this.props.children;
  }
}
