import '@gi/ui/tokens.css';
import './app/prepaint.css';
import { startApp } from './app/start.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
startApp(root);
