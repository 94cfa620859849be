import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import { RouterProvider } from 'react-router/dom';
import './mantine-styles.ts';
import './global.css';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

// zod compiles object parsers with `new Function` unless told not to; the CSP (script-src 'self')
// forbids that, and the attempt is reported as a violation. Before any schema is used.
configureZod({ jitless: true });

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const router = createAppRouter();

const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
