export { renderStandalone } from './standalone.tsx';
