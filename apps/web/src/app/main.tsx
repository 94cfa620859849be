import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './mantine-styles.ts';
import './global.css';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
