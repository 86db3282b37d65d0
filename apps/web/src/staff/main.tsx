/** The staff back office (a bundle of its own): sign-in, the queue, a case and its actions. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './staff.css';

// A page sent with the sign-in in it (no staff session, decision 0105) starts signed out.
const container = document.getElementById('root')!;
const isSignedOut = container.hasChildNodes();

createRoot(container).render(
  <StrictMode>
    <App {...(isSignedOut ? { initialMe: null } : {})} />
  </StrictMode>,
);
