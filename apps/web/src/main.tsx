import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydrateServerPage, readServerPageData } from './app/hydrate';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const renderShell = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// a public page the server rendered is taken over as it is; any other page starts from the shell
const fromServer = readServerPageData();
if (fromServer) {
  hydrateServerPage(root, fromServer).catch((err: unknown) => {
    console.warn('Could not take over the server-rendered page; rendering it again', err);
    renderShell();
  });
} else {
  renderShell();
}
