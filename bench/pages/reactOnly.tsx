import { createRoot } from 'react-dom/client';

// Baseline host page: React alone with a login button that does nothing.
function App() {
  return (
    <button type="button" onClick={() => undefined}>
      Log in
    </button>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
