import { createContext } from 'react';

/**
 * True when the app started from a page the server rendered for an anonymous visitor
 * (decision 021): while the session is still loading, the layout shows that page as a visitor
 * sees it (exactly what the server sent, so it hydrates without a mismatch) instead of the
 * full-page skeleton; signed-in details appear once the session is known.
 */
export const PageFromServerContext = createContext(false);
