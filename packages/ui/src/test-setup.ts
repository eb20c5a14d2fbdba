// Setup of every remote's and the shell's component tests (vitest `setupFiles`, @gi/federation).
import { configure } from '@testing-library/react';

// Forms arrive as lazy chunks (they bring zod): on a busy machine a chunk's first import in a
// test can outlast Testing Library's 1 s default for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });
