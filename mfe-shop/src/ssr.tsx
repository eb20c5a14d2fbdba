// This remote's server renderer (`ssr/render.js`, see SSR_MODULE in @gi/contracts).
import { createRenderer } from '@gi/ui/ssr';
import type { ComponentType } from 'react';
import { exposes } from '../exposes.ts';

const modules = import.meta.glob<{ default: ComponentType }>('./pages/*-page.tsx', { eager: true });
const pages: Record<string, ComponentType> = {};
for (const [name, file] of Object.entries(exposes)) {
  const page = modules[file.replace('./src/', './')]?.default;
  if (page) pages[name] = page;
}

export default createRenderer({ remote: 'shop', pages });
