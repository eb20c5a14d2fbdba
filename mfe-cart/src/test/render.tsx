export { mockApi, renderPage } from '@gi/ui/testing';

export const guest = () => Response.json({ user: null });
