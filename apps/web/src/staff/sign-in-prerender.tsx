/**
 * The back office as a visitor without a staff session sees it (the sign-in), rendered when it is built:
 * the server sends it to such a visitor, so that the page paints before its script runs (decision 0105).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';

export function renderSignedOut(): string {
  return renderToString(
    <StrictMode>
      <App initialMe={null} />
    </StrictMode>,
  );
}
